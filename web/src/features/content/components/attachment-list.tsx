import type { FileObject } from '@cw/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile, formatBytes } from '../../../lib/api/files';
import { FilePreviewDialog, FileThumbnail, openOrDownload } from './file-preview';
import { FilePublicToggle } from './file-public-toggle';

/**
 * The item's attached files: image thumbnails; a click on a name opens a preview (image, PDF,
 * text) or downloads; the whole name is always in its `title`.
 */
export function AttachmentList({
  files,
  publicToggle,
}: {
  files: FileObject[];
  /** The item's id, for those who may choose which files its public pages serve (decision 230). */
  publicToggle?: number | undefined;
}) {
  const [previewing, setPreviewing] = useState<FileObject | null>(null);
  if (files.length === 0) return <p className="text-sm text-slate-500 italic">No attachments.</p>;
  return (
    <>
      <ul className="space-y-2" aria-label="Attachments">
        {files.map((file) => (
          <AttachmentItem
            key={file.id}
            file={file}
            onOpen={setPreviewing}
            publicToggle={publicToggle}
          />
        ))}
      </ul>
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

function AttachmentItem({
  file,
  onOpen,
  publicToggle,
}: {
  file: FileObject;
  onOpen: (file: FileObject) => void;
  publicToggle?: number | undefined;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <li className="flex items-center gap-3 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
      <FileThumbnail file={file} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          title={file.name}
          onClick={() => {
            setState('idle');
            openOrDownload(file, onOpen).catch(() => setState('failed'));
          }}
          className="block max-w-full truncate rounded-sm text-left font-medium text-slate-800 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {file.name}
        </button>
        <p className={state === 'failed' ? 'text-xs text-red-600' : 'text-xs text-slate-500'}>
          {state === 'failed' ? 'Download failed. Please try again.' : formatBytes(file.size)}
        </p>
        {publicToggle !== undefined && <FilePublicToggle file={file} contentId={publicToggle} />}
      </div>
      <button
        type="button"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          downloadFile(file).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
        aria-label={`Download ${file.name}`}
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-xs font-semibold text-indigo-600 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        <Download className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Download</span>
      </button>
    </li>
  );
}
