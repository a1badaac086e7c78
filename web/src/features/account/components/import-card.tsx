import type { ImportJob } from '@cw/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { ApiRequestError, callApi } from '../../../lib/api-client';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

const finished = (job: ImportJob | undefined) =>
  job !== undefined && (job.status === 'done' || job.status === 'failed');

function summary(created: ImportJob['created']): string {
  const parts: [number, string, string][] = [
    [created.collections, 'collection', 'collections'],
    [created.content, 'content item', 'content items'],
    [created.notes, 'note', 'notes'],
    [created.tags, 'tag', 'tags'],
    [created.files, 'file', 'files'],
  ];
  return parts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(', ');
}

/**
 * What an import of an archive brought in before became (docs/product.md, "Your data"): the
 * items whose file changed were updated, the rest skipped. Nothing on a first import.
 */
function again(job: ImportJob): string {
  if (job.updated === 0 && job.skipped === 0) return '';
  return ` Already imported: ${job.updated} updated, ${job.skipped} unchanged and skipped.`;
}

/**
 * Account settings, "Import" (docs/product.md, "Your data"): a zip of this product's export, an
 * Obsidian vault or a Notion export is uploaded, then imported by a job on the server whose
 * progress shows as a bar (processed / total) and whose end shows a summary, with what could not
 * be taken as it was listed by path (POST /api/import/, GET /api/import/{id}/).
 */
export function ImportCard() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const labelId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // The dashboard's "Import from Notion/Obsidian" links here (docs/product.md, "First run").
  useEffect(() => {
    if (window.location.hash === '#import') sectionRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const job = useQuery({
    queryKey: ['imports', jobId],
    queryFn: ({ signal }) => callApi('import.get', { params: { id: jobId! }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
  const current = job.data;
  const done = current?.status === 'done';

  useEffect(() => {
    // What the import made shows everywhere at once.
    if (done) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'imports' });
  }, [done, queryClient]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setJobId(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const started = await callApi('import.start', { body: form });
      queryClient.setQueryData(['imports', started.id], started);
      setJobId(started.id);
    } catch (error) {
      setUploadError(
        error instanceof ApiRequestError && error.serverMessage
          ? `Failed to upload the archive: ${error.serverMessage}`
          : 'Failed to upload the archive. Please try again.',
      );
    } finally {
      setUploading(false);
    }
  }

  const running = uploading || (current !== undefined && !finished(current));
  const percent =
    current && current.total > 0 ? Math.round((current.processed / current.total) * 100) : 0;

  return (
    <section
      id="import"
      ref={sectionRef}
      aria-labelledby="import-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Upload className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="import-title" className="text-lg font-semibold text-slate-900">
            Import
          </h2>
          <p className="text-sm text-slate-600">
            Bring your work in from a zip: an export of Creator Workspace, an Obsidian vault, or a
            Notion export (Markdown &amp; CSV). If anything goes wrong, nothing of it is kept.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-file"
          onChange={(event) => void pick(event)}
        />
        <Button
          variant="secondary"
          loading={running}
          onClick={() => input.current?.click()}
          icon={Upload}
        >
          Import a zip
        </Button>
        {uploading && <span className="text-sm text-slate-600">Uploading...</span>}
      </div>

      {current && !finished(current) && (
        <div className="mt-4 space-y-1.5">
          <p id={labelId} className="text-sm text-slate-700">
            {current.total === 0
              ? 'Reading the archive...'
              : `Importing... ${current.processed} of ${current.total}`}
          </p>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={Math.max(current.total, 1)}
            aria-valuenow={current.processed}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      )}

      <div aria-live="polite">
        {done && (
          <FormMessage tone="success" className="mt-4">
            {`Import finished: ${summary(current.created)}.${again(current)}`}
          </FormMessage>
        )}
      </div>
      {current?.status === 'failed' && (
        <FormMessage tone="error" className="mt-4">
          The import failed, and nothing of it was kept.
        </FormMessage>
      )}
      {uploadError && (
        <FormMessage tone="error" className="mt-4">
          {uploadError}
        </FormMessage>
      )}
      {current && finished(current) && current.errors.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-medium text-slate-800">
            {done ? 'Imported with changes:' : 'Why:'}
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700" aria-label="Import messages">
            {current.errors.map((error, index) => (
              <li key={`${error.path}-${index}`} className="[overflow-wrap:anywhere]">
                {error.path && (
                  <span className="font-mono text-xs text-slate-600">{error.path}: </span>
                )}
                {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
