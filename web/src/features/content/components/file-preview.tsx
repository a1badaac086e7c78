import type { FileObject } from '@cw/contract';
import { FileText, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { downloadFile, fetchFileBlob } from '../../../lib/api/files';

export type PreviewKind = 'image' | 'pdf' | 'text';

const TEXT_TYPES = /^(text\/|application\/(json|xml|x-yaml|yaml|markdown))/;
const TEXT_NAMES = /\.(txt|md|markdown|csv|json|srt|vtt|ya?ml|xml|log)$/i;
/** Text bigger than this is downloaded rather than shown. */
const TEXT_PREVIEW_MAX = 1024 * 1024;

/** What the preview dialog can show for a file, or null (then it downloads). */
export function previewKind(
  file: Pick<FileObject, 'name' | 'content_type' | 'size'>,
): PreviewKind | null {
  const type = file.content_type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf';
  if ((TEXT_TYPES.test(type) || TEXT_NAMES.test(file.name)) && file.size <= TEXT_PREVIEW_MAX)
    return 'text';
  return null;
}

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; url: string; text?: string };

/**
 * The file's bytes as an object URL (fetched with the session's token, since a plain link
 * cannot send it), revoked when the component goes away or the file changes.
 */
export function useFileBlob(file: Pick<FileObject, 'id'> | null, asText = false): Loaded {
  const [loaded, setLoaded] = useState<{ id: number; result: Loaded } | null>(null);
  const id = file?.id;
  useEffect(() => {
    if (id === undefined) return;
    let cancelled = false;
    let url: string | null = null;
    fetchFileBlob(id).then(
      async (blob) => {
        const text = asText ? await blob.text() : undefined;
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setLoaded({ id, result: { state: 'ready', url, text } });
      },
      () => {
        if (!cancelled) setLoaded({ id, result: { state: 'failed' } });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, asText]);
  return loaded && loaded.id === id ? loaded.result : { state: 'loading' };
}

/** A small picture of an image attachment (loaded with the token); an icon for anything else. */
export function FileThumbnail({ file }: { file: FileObject }) {
  const image = file.content_type.toLowerCase().startsWith('image/');
  const loaded = useFileBlob(image ? file : null);
  if (!image) return <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200">
      {loaded.state === 'ready' ? (
        <img src={loaded.url} alt="" className="size-full object-cover" />
      ) : (
        <FileText className="size-4 text-slate-400" aria-hidden="true" />
      )}
    </span>
  );
}

/** Opens the preview for what it can show, else downloads the file. */
export function openOrDownload(file: FileObject, open: (file: FileObject) => void): Promise<void> {
  if (previewKind(file)) {
    open(file);
    return Promise.resolve();
  }
  return downloadFile(file);
}

/** Preview of an image, a PDF or a text file, with its whole name and a Download button. */
export function FilePreviewDialog({
  file,
  onClose,
}: {
  file: FileObject | null;
  onClose: () => void;
}) {
  const kind = file ? previewKind(file) : null;
  const loaded = useFileBlob(file, kind === 'text');
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <Modal
      open={file !== null}
      title={file?.name ?? ''}
      onClose={onClose}
      size="lg"
      footer={
        file && (
          <button
            type="button"
            onClick={() => {
              setDownloadFailed(false);
              downloadFile(file).catch(() => setDownloadFailed(true));
            }}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {downloadFailed ? 'Download failed. Try again' : 'Download'}
          </button>
        )
      }
    >
      <div className="min-h-40 [overflow-wrap:anywhere]" data-testid="file-preview">
        {loaded.state === 'loading' && (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading...
          </p>
        )}
        {loaded.state === 'failed' && (
          <p className="text-sm text-red-700" role="alert">
            The file could not be loaded.
          </p>
        )}
        {loaded.state === 'ready' && kind === 'image' && (
          <img
            src={loaded.url}
            alt={file?.name ?? ''}
            className="mx-auto max-h-[60vh] max-w-full object-contain"
          />
        )}
        {loaded.state === 'ready' && kind === 'pdf' && (
          <iframe
            src={loaded.url}
            title={file?.name ?? 'PDF'}
            className="h-[60vh] w-full rounded-md ring-1 ring-slate-200"
          />
        )}
        {loaded.state === 'ready' && kind === 'text' && (
          <pre className="max-h-[60vh] overflow-auto rounded-md bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
            {loaded.text}
          </pre>
        )}
      </div>
    </Modal>
  );
}
