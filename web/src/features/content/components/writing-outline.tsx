import type { Section } from '@cw/contract/script';
import { formatSpeakingTime, speakingSeconds } from '@cw/contract/words';
import { clsx } from 'clsx';

/** Indent per heading level (classes, not inline styles: the app's CSP, decision 200). */
const INDENT = ['pl-2', 'pl-2', 'pl-5', 'pl-8', 'pl-11', 'pl-14', 'pl-16'] as const;

/**
 * The outline of the writing page (docs/decisions/215): the script's headings in order, each
 * with the speaking time of its own words (up to the next heading) at the account's pace, as
 * buttons that put the editor's caret on that heading. The sections are the teleprompter's
 * (`parseScript` of `@cw/contract/script`).
 */
export function WritingOutline({
  sections,
  introWords,
  wordsPerMinute,
  onJump,
  className,
}: {
  sections: readonly Section[];
  introWords: number;
  wordsPerMinute: number;
  onJump: (section: number) => void;
  className?: string;
}) {
  return (
    <nav
      aria-label="Outline"
      className={clsx(
        'min-h-0 overflow-y-auto rounded-lg bg-white p-2 text-sm shadow-sm ring-1 ring-slate-200',
        className,
      )}
      data-testid="writing-outline"
    >
      <h2 className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Outline
      </h2>
      {sections.length === 0 ? (
        <p className="px-2 pb-2 text-xs text-slate-600">
          Headings (# Title) show here, each with its speaking time.
        </p>
      ) : (
        <ol className="space-y-0.5">
          {introWords > 0 && (
            <li className="flex justify-between gap-2 px-2 py-1 text-xs text-slate-600">
              <span>Before the first heading</span>
              <span className="shrink-0 tabular-nums">
                {formatSpeakingTime(speakingSeconds(introWords, wordsPerMinute))}
              </span>
            </li>
          )}
          {sections.map((section, index) => (
            <li key={`${index}:${section.from}`}>
              <button
                type="button"
                onClick={() => onJump(index)}
                className={clsx(
                  'flex w-full items-baseline justify-between gap-2 rounded-md py-1 pr-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                  INDENT[section.level] ?? 'pl-2',
                  section.level === 1 ? 'font-medium text-slate-900' : 'text-slate-700',
                )}
              >
                <span className="min-w-0 truncate">{section.title || 'Untitled section'}</span>
                <span className="sr-only">, </span>
                <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                  {formatSpeakingTime(speakingSeconds(section.words, wordsPerMinute))}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
