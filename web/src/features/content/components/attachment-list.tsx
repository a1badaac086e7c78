import type { FileObject } from '@cw/contract';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { downloadFile, formatBytes } from '../api/files';

/** The item's attached files, each downloadable. */
export function AttachmentList({ files }: { files: FileObject[] }) {
  if (files.length === 0) return <p className="text-sm text-slate-500 italic">No attachments.</p>;
  return (
    <ul className="space-y-2" aria-label="Attachments">
      {files.map((file) => (
        <AttachmentItem key={file.id} file={file} />
      ))}
    </ul>
  );
}

function AttachmentItem({ file }: { file: FileObject }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <li className="flex items-center gap-3 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
      <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-800" title={file.name}>
          {file.name}
        </p>
        <p className={state === 'failed' ? 'text-xs text-red-600' : 'text-xs text-slate-500'}>
          {state === 'failed' ? 'Download failed. Please try again.' : formatBytes(file.size)}
        </p>
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
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-xs font-semibold text-indigo-600 ring-1 ring-indigo-200 hover:bg-indigo-50 disabled:opacity-50"
      >
        <Download className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Download</span>
      </button>
    </li>
  );
}
