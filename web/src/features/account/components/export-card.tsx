import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { callApi } from '../../../lib/api-client';

/**
 * Hands a same-origin address to the browser's own download manager: a hidden link with
 * `download` (empty, so the server's `Content-Disposition` names the file) clicked once. The
 * page stays; the browser streams the zip to disk and shows its progress.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Account settings, "Your data": everything the person owns as one zip (docs/product.md,
 * "Your data"; docs/api.md, "Export"). A link cannot carry the session's token, so the card asks
 * for a download link with a 60-second ticket (POST /api/export/link/) and lets the browser
 * follow it: the zip streams to disk instead of being held in the page's memory (decision 151).
 */
export function ExportCard() {
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');
  const exportAll = async () => {
    setState('working');
    try {
      const { url } = await callApi('export.link');
      startDownload(url);
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
          icon={Download}
        >
          Export everything
        </Button>
        <div aria-live="polite">
          {state === 'working' && (
            <span className="text-sm text-slate-600">Preparing your export...</span>
          )}
          {state === 'done' && (
            <FormMessage tone="success">
              Your export is downloading. Your browser shows its progress.
            </FormMessage>
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
