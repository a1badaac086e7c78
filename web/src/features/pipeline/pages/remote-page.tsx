import { ChevronsLeft, Minus, Pause, Play, Plus } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteControl } from '../remote/use-remote-control';

/** How much one tap of Slower or Faster changes the pace, as ← and → on the teleprompter. */
const PACE_STEP = 10;

/**
 * /remote/:key: a phone controls the teleprompter that showed this address (decision 242):
 * start and pause, the pace, back to the start and a section. Same account only.
 */
export function RemotePage() {
  useDocumentTitle('Teleprompter remote');
  const key = useParams().key ?? '';
  const user = useCurrentUser();
  const { valid, connected, prompter, send } = useRemoteControl(user.id, key);

  return (
    <section className="mx-auto max-w-md">
      <PageHeader title="Teleprompter remote" />
      {!valid ? (
        <p className="rounded-xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          This remote link is not valid. Scan the code on the teleprompter again.
        </p>
      ) : !prompter ? (
        <p
          role="status"
          className="rounded-xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
        >
          {connected
            ? 'Waiting for the teleprompter… Keep it open on your computer, signed in to this account.'
            : 'Connecting…'}
        </p>
      ) : (
        <div className="flex flex-col gap-4" data-testid="remote-controls">
          <p className="truncate text-sm text-slate-600">
            Controlling <span className="font-semibold text-slate-900">{prompter.title}</span>
          </p>
          <Button
            size="lg"
            className="min-h-20 text-xl"
            icon={prompter.playing ? Pause : Play}
            onClick={() => send({ type: prompter.playing ? 'pause' : 'play' })}
          >
            {prompter.playing ? 'Pause' : 'Start'}
          </Button>
          <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
            <Button
              variant="secondary"
              size="lg"
              className="min-h-14"
              icon={Minus}
              onClick={() => send({ type: 'pace', delta: -PACE_STEP })}
            >
              Slower
            </Button>
            <p className="text-center text-sm text-slate-700" aria-live="polite">
              <span className="block text-2xl font-bold text-slate-900 tabular-nums">
                {prompter.wordsPerMinute}
              </span>
              words a minute
            </p>
            <Button
              variant="secondary"
              size="lg"
              className="min-h-14"
              icon={Plus}
              onClick={() => send({ type: 'pace', delta: PACE_STEP })}
            >
              Faster
            </Button>
          </div>
          <Button
            variant="secondary"
            size="lg"
            className="min-h-12"
            icon={ChevronsLeft}
            onClick={() => send({ type: 'restart' })}
          >
            Back to the start
          </Button>
          {prompter.sections.length > 0 && (
            <nav aria-label="Jump to a section">
              <h2 className="mb-2 text-sm font-semibold text-slate-900">Jump to a section</h2>
              <ul className="flex flex-col gap-2">
                {prompter.sections.map((title, index) => (
                  <li key={index}>
                    <button
                      type="button"
                      onClick={() => send({ type: 'jump', section: index })}
                      className="min-h-12 w-full rounded-lg bg-white px-4 py-3 text-left text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {title}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
