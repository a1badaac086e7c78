import type { ContentItem, VersionSummary } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { History, RotateCcw } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { can } from '../../../lib/roles';
import {
  useRestoreVersion,
  useSaveVersion,
  versionQueryOptions,
  versionsQueryOptions,
} from '../api/versions';
import { ChangesBox, TitleChange } from './change-runs';
import { countChangedWords, textChanges } from './text-changes';

const LABEL_MAX = 100;

const versionName = (version: VersionSummary) => version.label ?? 'Saved automatically';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.status !== 0 ? error.message : fallback;

/**
 * The History of a content item (docs/product.md, "History"): its versions, newest first; one
 * of them beside today's text with what changed marked; a named save; and Restore for those
 * who may change the item. Loaded lazily with the diff library it needs.
 */
export default function HistoryDialog({
  item,
  open,
  onClose,
  onRestored,
}: {
  item: ContentItem;
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const versions = useQuery({ ...versionsQueryOptions(item.id), enabled: open });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = versions.data?.results ?? [];
  const selected = list.find((version) => version.id === chosen) ?? list[0];
  const writable = can.write(item.role);

  return (
    <Modal open={open} title="History" onClose={onClose} size="xl">
      <div className="flex flex-col gap-4">
        {writable && <SaveVersionForm contentId={item.id} />}
        {versions.isPending ? (
          <Spinner label="Loading versions..." />
        ) : versions.isError ? (
          <FormMessage tone="error">Could not load the history. Try again later.</FormMessage>
        ) : list.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            No versions yet. When the text changes, the earlier text is kept here (at most one
            version every 5 minutes while you write), and Save version keeps one now.
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
            <nav aria-label="Versions" className="md:max-h-[60vh] md:overflow-y-auto">
              <ul className="flex gap-2 overflow-x-auto pb-1 md:flex-col md:overflow-visible">
                {list.map((version) => {
                  const current = version.id === selected?.id;
                  return (
                    <li key={version.id} className="shrink-0 md:shrink">
                      <button
                        type="button"
                        aria-current={current ? 'true' : undefined}
                        onClick={() => setChosen(version.id)}
                        className={clsx(
                          'w-44 rounded-lg px-3 py-2 text-left text-sm ring-1 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:w-full',
                          current
                            ? 'bg-indigo-50 ring-indigo-300'
                            : 'bg-white ring-slate-200 hover:bg-slate-50',
                        )}
                      >
                        <span className="block font-medium text-slate-900">
                          {formatDateTime(version.created_on)}
                        </span>
                        <span
                          className={clsx(
                            'block truncate',
                            version.label ? 'text-indigo-800' : 'text-slate-600',
                          )}
                          title={versionName(version)}
                        >
                          {versionName(version)}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {version.word_count.toLocaleString()}{' '}
                          {version.word_count === 1 ? 'word' : 'words'}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {selected && (
              <Comparison
                key={selected.id}
                item={item}
                version={selected}
                writable={writable}
                onRestored={onRestored}
              />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}

function SaveVersionForm({ contentId }: { contentId: number }) {
  const save = useSaveVersion(contentId);
  const [label, setLabel] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(label.trim(), {
      onSuccess: () => {
        setLabel('');
        setSaved(true);
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        label="Version name (optional)"
        placeholder="e.g. Sent to editor"
        value={label}
        maxLength={LABEL_MAX}
        onChange={(event) => {
          setLabel(event.target.value);
          setSaved(false);
        }}
        containerClassName="flex-1"
      />
      <Button type="submit" variant="secondary" loading={save.isPending}>
        <History className="size-4" aria-hidden="true" />
        Save version
      </Button>
      <div aria-live="polite" className="sm:sr-only">
        {saved && <span className="text-sm text-emerald-700">Version saved.</span>}
      </div>
      {save.isError && (
        <FormMessage tone="error">{failure(save.error, 'Could not save the version.')}</FormMessage>
      )}
    </form>
  );
}

function Comparison({
  item,
  version,
  writable,
  onRestored,
}: {
  item: ContentItem;
  version: VersionSummary;
  writable: boolean;
  onRestored: () => void;
}) {
  const detail = useQuery(versionQueryOptions(item.id, version.id));
  const restore = useRestoreVersion(item.id);
  const [confirming, setConfirming] = useState(false);
  const changes = useMemo(
    () => (detail.data ? textChanges(detail.data.content, item.content) : []),
    [detail.data, item.content],
  );
  const counts = useMemo(() => countChangedWords(changes), [changes]);

  if (detail.isPending) return <Spinner label="Loading version..." />;
  if (detail.isError || !detail.data) {
    return <FormMessage tone="error">Could not load this version.</FormMessage>;
  }
  const titleChanged = detail.data.title !== item.title;
  const unchanged = !titleChanged && counts.added === 0 && counts.removed === 0;

  return (
    <section aria-label={`Version of ${formatDateTime(version.created_on)}`} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {unchanged ? (
            'Same as the current text.'
          ) : (
            <>
              Compared with the current text:{' '}
              <span className="font-medium text-emerald-800">+{counts.added} added</span>,{' '}
              <span className="font-medium text-rose-800">−{counts.removed} removed</span> since
              this version.
            </>
          )}
        </p>
        {writable && !unchanged && (
          <Button size="sm" onClick={() => setConfirming(true)}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Restore this version
          </Button>
        )}
      </div>
      {titleChanged && <TitleChange from={detail.data.title} to={item.title} />}
      <ChangesBox changes={changes} testId="version-changes" />
      <ConfirmDialog
        open={confirming}
        title="Restore this version?"
        message="Its text replaces the current text. The current text is kept in History first, so you can go back to it."
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.isError ? failure(restore.error, 'Could not restore the version.') : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          restore.mutate(version.id, {
            onSuccess: () => {
              setConfirming(false);
              onRestored();
            },
          })
        }
      />
    </section>
  );
}
