import { ImageOff } from 'lucide-react';
import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { attachedImageId } from '@cw/contract/markdown-images';
import {
  loadAttachedImage,
  readyAttachedImage,
  type AttachedImageSize,
} from '../lib/attached-images';

type Shown =
  | { state: 'loading'; size: AttachedImageSize | null }
  | { state: 'ready'; size: AttachedImageSize; url: string }
  | { state: 'failed' };

/**
 * An image in the text whose address is an uploaded file's (`![alt](/api/collections/files/ID/download/)`;
 * decision 214): loaded through the signed-in API as a safe picture (lib/attached-images.ts),
 * with its alt text and the width and height the server measured, so the text around it does
 * not move when it arrives. While it loads, a box of its size stands in; a file that cannot be
 * shown (gone, not shared with the reader, not a picture) shows its alt text.
 */
export function AttachedImage({ id, alt, title }: { id: number; alt: string; title?: string }) {
  // What is shown, for the file it was loaded for: another file starts as loading.
  const [loaded, setLoaded] = useState<{ id: number; shown: Shown } | null>(null);
  const ready = readyAttachedImage(id);
  const shown: Shown =
    loaded?.id === id
      ? loaded.shown
      : ready
        ? { state: 'ready', ...ready }
        : { state: 'loading', size: null };
  useEffect(() => {
    let live = true;
    const load = loadAttachedImage(id);
    void load.size.then((size) => {
      if (!live) return;
      setLoaded((current) =>
        current?.id === id && current.shown.state !== 'loading'
          ? current
          : { id, shown: { state: 'loading', size } },
      );
    });
    load.url.then(
      (url) =>
        void load.size.then((size) => {
          if (live) setLoaded({ id, shown: { state: 'ready', size, url } });
        }),
      () => {
        if (live) setLoaded({ id, shown: { state: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (shown.state === 'failed') {
    return (
      <span
        className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-slate-600"
        title="The image could not be loaded."
        data-image-state="failed"
      >
        <ImageOff className="size-4 shrink-0" aria-hidden="true" />
        {alt || 'Image'}
      </span>
    );
  }
  const { width, height } = shown.size ?? { width: null, height: null };
  if (shown.state === 'loading') {
    return (
      <span
        role="img"
        aria-label={alt}
        aria-busy="true"
        data-image-state="loading"
        className="my-2 inline-block max-w-full animate-pulse rounded-lg bg-slate-100 align-top"
        style={
          width && height
            ? { width: `${width}px`, aspectRatio: `${width} / ${height}` }
            : { width: '12rem', height: '8rem' }
        }
      />
    );
  }
  return (
    <img
      src={shown.url}
      alt={alt}
      title={title}
      width={width ?? undefined}
      height={height ?? undefined}
      loading="lazy"
      className="h-auto"
      data-image-state="ready"
    />
  );
}

/**
 * react-markdown's `img`: an uploaded file's image through the signed-in API (AttachedImage);
 * any other image as the shared markdown rules left it.
 */
export function MarkdownImage({
  node: _node,
  ...props
}: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  const id = typeof props.src === 'string' ? attachedImageId(props.src) : null;
  if (id !== null) return <AttachedImage id={id} alt={props.alt ?? ''} title={props.title} />;
  return <img {...props} />;
}
