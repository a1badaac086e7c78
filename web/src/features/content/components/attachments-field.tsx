import { AlertCircle, Download, FileText, Loader2, Paperclip, X } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import type { FileObject } from '@cw/contract';
import { downloadFile, formatBytes } from '../../../lib/api/files';
import { IconButton } from '../../../components/icon-button';
import { FilePreviewDialog, FileThumbnail, openOrDownload } from './file-preview';
import type { Attachment, AttachmentsState } from './use-attachments';

/**
 * The form's Attachments: pick or drop files; each uploads at once and can be removed.
 * Memoised: typing in the content editor must not re-render it.
 */
export const AttachmentsField = memo(function AttachmentsField({
  state,
}: {
  state: AttachmentsState;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [previewing, setPreviewing] = useState<FileObject | null>(null);

  return (
    <div id="attachments">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        Attachments
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (event.dataTransfer.files.length > 0) state.add(event.dataTransfer.files);
        }}
        className={
          dragging
            ? 'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-indigo-400 bg-indigo-50 px-4 py-5 text-center'
            : 'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-5 text-center'
        }
      >
        <Paperclip className="size-5 text-slate-400" aria-hidden="true" />
        <p className="text-sm text-slate-600">
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            className="rounded-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Choose files
          </button>{' '}
          or drop them here
        </p>
        <p className="text-xs text-slate-500">Up to 25 MB each</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          onChange={(event) => {
            if (event.target.files?.length) state.add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {state.items.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Attachments">
          {state.items.map((item) => (
            <AttachmentRow
              key={item.key}
              item={item}
              onOpen={setPreviewing}
              onRemove={() => state.remove(item)}
            />
          ))}
        </ul>
      )}
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
});

function AttachmentRow({
  item,
  onOpen,
  onRemove,
}: {
  item: Attachment;
  onOpen: (file: FileObject) => void;
  onRemove: () => void;
}) {
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <li className="flex items-center gap-3 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
      {item.status === 'uploading' ? (
        <Loader2 className="size-4 shrink-0 animate-spin text-indigo-500" aria-hidden="true" />
      ) : item.status === 'failed' ? (
        <AlertCircle className="size-4 shrink-0 text-red-500" aria-hidden="true" />
      ) : item.file ? (
        <FileThumbnail file={item.file} />
      ) : (
        <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        {item.file ? (
          <button
            type="button"
            title={item.name}
            onClick={() => {
              setDownloadFailed(false);
              if (item.file) openOrDownload(item.file, onOpen).catch(() => setDownloadFailed(true));
            }}
            className="block max-w-full truncate rounded-sm text-left font-medium text-slate-800 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {item.name}
          </button>
        ) : (
          <p className="truncate font-medium text-slate-800" title={item.name}>
            {item.name}
          </p>
        )}
        <p
          className={
            item.status === 'failed' || downloadFailed
              ? 'text-xs text-red-600'
              : 'text-xs text-slate-500'
          }
        >
          {item.status === 'uploading'
            ? `Uploading... ${formatBytes(item.size)}`
            : item.status === 'failed'
              ? item.error
              : downloadFailed
                ? 'Download failed.'
                : formatBytes(item.size)}
        </p>
      </div>
      {item.existing && item.file && (
        <IconButton
          icon={Download}
          label={`Download ${item.name}`}
          onClick={() => {
            setDownloadFailed(false);
            if (item.file) downloadFile(item.file).catch(() => setDownloadFailed(true));
          }}
        />
      )}
      <IconButton
        icon={X}
        label={`Remove ${item.name}`}
        tone="danger"
        onClick={onRemove}
        disabled={item.status === 'uploading'}
        className="disabled:opacity-40"
      />
    </li>
  );
}
