import { pathOf } from '@cw/contract/routes';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { fetchSignedIn, saveBlob } from '../../../lib/api/files';

/** `attachment; filename="creator-workspace-2026-11-24.zip"` → the name, else today's. */
export function exportFileName(disposition: string | null, today = new Date()): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name ?? `creator-workspace-${today.toISOString().slice(0, 10)}.zip`;
}

/**
 * Account settings, "Your data": everything the person owns as one zip (docs/product.md,
 * "Your data"; GET /api/export/). The download needs the session's token, so it is fetched and
 * saved as a file rather than followed as a link.
 */
export function ExportCard() {
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');
  const exportAll = async () => {
    setState('working');
    try {
      const response = await fetchSignedIn(pathOf('export.download'));
      const name = exportFileName(response.headers.get('Content-Disposition'));
      saveBlob(await response.blob(), name);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <section
      aria-labelledby="export-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Download className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="export-title" className="text-lg font-semibold text-slate-900">
            Your data
          </h2>
          <p className="text-sm text-slate-600">
            Download everything you own as one zip: your collections and their notes, your content
            as Markdown files, and your files.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          loading={state === 'working'}
          onClick={() => void exportAll()}
          icon={<Download className="size-4" aria-hidden="true" />}
        >
          Export everything
        </Button>
        <div aria-live="polite">
          {state === 'working' && (
            <span className="text-sm text-slate-600">Preparing your export...</span>
          )}
          {state === 'done' && (
            <FormMessage tone="success">Your export has been downloaded.</FormMessage>
          )}
        </div>
      </div>
      {state === 'failed' && (
        <FormMessage tone="error" className="mt-4">
          Failed to export your data. Please try again.
        </FormMessage>
      )}
    </section>
  );
}
