import type { FileObject } from '@cw/contract';
import { FileText, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { downloadFile, fetchFileBlob, previewLink } from '../../../lib/api/files';
import { imageKindOf, mediaTypeOf, safeImageBlob } from '../../../lib/safe-image';

export type PreviewKind = 'image' | 'pdf' | 'text';

const TEXT_TYPES = /^(text\/|application\/(json|xml|x-yaml|yaml|markdown))/;
const TEXT_NAMES = /\.(txt|md|markdown|csv|json|srt|vtt|ya?ml|xml|log)$/i;
/** Text bigger than this is downloaded rather than shown. */
const TEXT_PREVIEW_MAX = 1024 * 1024;
/** Longest side, in pixels, of the PNG an SVG is drawn as: a thumbnail, the dialog. */
const THUMBNAIL_SIDE = 160;
const PREVIEW_SIDE = 1600;

/**
 * What the preview dialog can show for a file, or null (then it downloads). Pictures only of
 * types that run nothing (PNG, JPEG, GIF, WebP, AVIF; an SVG drawn as a PNG); a PDF only when it
 * is stored as exactly `application/pdf` (the one type the server answers inline); text as text.
 * Anything else, HTML and XML documents included unless they are shown as text, downloads.
 */
export function previewKind(
  file: Pick<FileObject, 'name' | 'content_type' | 'size'>,
): PreviewKind | null {
  const type = mediaTypeOf(file.content_type);
  if (imageKindOf(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if ((TEXT_TYPES.test(type) || TEXT_NAMES.test(file.name)) && file.size <= TEXT_PREVIEW_MAX)
    return 'text';
  return null;
}

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; src?: string; text?: string };

/** What a load gives: an address to show (`objectUrl` when it is ours to revoke), or text. */
interface Source {
  src?: string;
  objectUrl?: boolean;
  text?: string;
}

/**
 * Never the file's own bytes under their own type as an address (decision 190): a picture is a
 * raster blob (safeImageBlob), text is text, a PDF is the server's ticketed preview address.
 */
async function loadSource(
  file: Pick<FileObject, 'id' | 'content_type'>,
  kind: PreviewKind,
  longestSide: number,
): Promise<Source> {
  if (kind === 'pdf') return { src: await previewLink(file.id) };
  const blob = await fetchFileBlob(file.id);
  if (kind === 'text') return { text: await blob.text() };
  const image = await safeImageBlob(blob, file.content_type, longestSide);
  if (!image) throw new Error('Not a picture the app shows.');
  return { src: URL.createObjectURL(image), objectUrl: true };
}

/**
 * The file's preview source, loaded with the session's token when it changes; an object URL is
 * revoked when the component goes away or the file changes.
 */
function usePreviewSource(
  file: Pick<FileObject, 'id' | 'content_type'> | null,
  kind: PreviewKind | null,
  longestSide: number,
): Loaded {
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded } | null>(null);
  const id = file?.id;
  const type = file?.content_type;
  const key = id === undefined || type === undefined || !kind ? null : `${kind}:${id}:${type}`;
  useEffect(() => {
    if (id === undefined || type === undefined || !kind || key === null) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    loadSource({ id, content_type: type }, kind, longestSide).then(
      (source) => {
        if (source.objectUrl && source.src) objectUrl = source.src;
        if (cancelled) {
          if (objectUrl) URL.revokeObjectURL(objectUrl);
          return;
        }
        setLoaded({ key, result: { state: 'ready', src: source.src, text: source.text } });
      },
      () => {
        if (!cancelled) setLoaded({ key, result: { state: 'failed' } });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, type, kind, key, longestSide]);
  return loaded && loaded.key === key ? loaded.result : { state: 'loading' };
}

/** A small picture of an image attachment (loaded with the token); an icon for anything else. */
export function FileThumbnail({ file }: { file: FileObject }) {
  const image = imageKindOf(file.content_type) !== null;
  const loaded = usePreviewSource(file, image ? 'image' : null, THUMBNAIL_SIDE);
  if (!image) return <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200">
      {loaded.state === 'ready' && loaded.src ? (
        <img src={loaded.src} alt="" className="size-full object-cover" />
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

/**
 * Preview of a picture (as a raster image), a PDF (in a frame of the server's preview answer) or
 * a text file (as text), with its whole name and a Download button.
 */
export function FilePreviewDialog({
  file,
  onClose,
}: {
  file: FileObject | null;
  onClose: () => void;
}) {
  const kind = file ? previewKind(file) : null;
  const loaded = usePreviewSource(file, kind, PREVIEW_SIDE);
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
            src={loaded.src}
            alt={file?.name ?? ''}
            className="mx-auto max-h-[60vh] max-w-full object-contain"
          />
        )}
        {loaded.state === 'ready' && kind === 'pdf' && (
          // The server's inline PDF answer, framed by the app alone (decision 191).
          <iframe
            src={loaded.src}
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
