import type { FileObject, Role } from '@cw/contract';
import { Download, FileText, Paperclip, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { DeleteDialog } from '../../../components/delete-dialog';
import { FormMessage } from '../../../components/form-message';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { downloadFile, formatBytes } from '../../../lib/api/files';
import { formatDate } from '../../../lib/format';
import { can } from '../../../lib/roles';
import {
  useCollectionFiles,
  useDeleteFile,
  useUploadCollectionFile,
} from '../api/collection-files';
import { IconButton } from '../../../components/icon-button';

function uploadFailure(name: string, error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 413) {
    return `${name} is too large to upload.`;
  }
  return `Failed to upload ${name}. Please try again.`;
}

/**
 * Files & Attachments (decision 057): the collection's own files and the files of its content
 * items, with upload to the collection, download and delete (a viewer only downloads). Empty:
 * the spec's "No files yet".
 */
export function FilesTab({ collectionId, role }: { collectionId: number; role: Role }) {
  const writable = can.write(role);
  const files = useCollectionFiles(collectionId);
  const upload = useUploadCollectionFile(collectionId);
  const remove = useDeleteFile();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState<FileObject | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const items = files.data?.pages.flatMap((page) => page.results) ?? [];
  const total = files.data?.pages[0]?.count ?? 0;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    setMessage(null);
    const failures: string[] = [];
    for (const file of picked) {
      setUploading(file.name);
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        failures.push(uploadFailure(file.name, error));
      }
    }
    setUploading(null);
    if (failures.length > 0) setMessage({ tone: 'error', text: failures.join(' ') });
    else if (picked.length > 0) {
      setMessage({
        tone: 'success',
        text:
          picked.length === 1 ? `Uploaded ${picked[0]!.name}.` : `Uploaded ${picked.length} files.`,
      });
    }
  }

  function download(file: FileObject) {
    setDownloadError(null);
    downloadFile(file).catch(() => setDownloadError(`Failed to download ${file.name}.`));
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Files of this collection and of the content in it.</p>
        {writable && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              data-testid="collection-file-input"
              onChange={(event) => void onPick(event)}
              disabled={uploading !== null}
            />
            <Button
              size="sm"
              loading={uploading !== null}
              icon={Upload}
              onClick={() => input.current?.click()}
            >
              {uploading ? `Uploading ${uploading}…` : 'Upload file'}
            </Button>
          </>
        )}
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {downloadError && <FormMessage tone="error">{downloadError}</FormMessage>}
      {files.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading files..." />
        </div>
      ) : files.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p role="alert" className="text-sm text-red-600">
            Failed to load files.
          </p>
          <Button variant="secondary" size="sm" onClick={() => void files.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <Paperclip className="size-6" aria-hidden="true" />
          </div>
          <p className="text-base font-semibold text-slate-900">No files yet.</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            {writable
              ? 'Upload a file here, or attach files to the content in this collection.'
              : 'Files of this collection and of its content will show here.'}
          </p>
        </div>
      ) : (
        <>
          <ul
            aria-label="Files"
            className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {items.map((file) => (
              <li key={file.id} className="flex items-center gap-3 px-4 py-3" data-testid="file">
                <FileText className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <button
                    type="button"
                    onClick={() => download(file)}
                    title={file.name}
                    className="block max-w-full truncate text-left text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                  >
                    {file.name}
                  </button>
                  <p className="text-xs text-slate-500">
                    {formatBytes(file.size)} · {formatDate(file.created_on)} ·{' '}
                    {file.content ? (
                      <Link
                        to={`/content/${file.content}`}
                        className="font-medium text-indigo-700 hover:underline"
                      >
                        Attached to a script
                      </Link>
                    ) : (
                      'Collection file'
                    )}
                  </p>
                </div>
                <IconButton
                  icon={Download}
                  label={`Download ${file.name}`}
                  title="Download"
                  size="md"
                  onClick={() => download(file)}
                />
                {writable && (
                  <IconButton
                    icon={Trash2}
                    label={`Delete ${file.name}`}
                    title="Delete"
                    tone="danger"
                    size="md"
                    onClick={() => setDeleting(file)}
                  />
                )}
              </li>
            ))}
          </ul>
          <LoadMore shown={items.length} total={total} pages={files} />
        </>
      )}
      <DeleteDialog
        target={deleting}
        title="Delete File"
        name={(file) => file.name}
        failureText="Failed to delete the file. Please try again."
        mutation={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
