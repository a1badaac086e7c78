import type { FileObject } from '@cw/contract';
import { callApi } from './api-client';
import { fetchSignedIn } from './api/files';
import { safeImageBlob } from './safe-image';
import { getRefreshToken } from './token-storage';
import { pathOf } from '@cw/contract/routes';

/**
 * Images in the text (`![alt](/api/collections/files/ID/download/)`; decision 214). A plain
 * `<img src>` cannot carry the Authorization header (tokens live in localStorage), so the app
 * reads the file's size and type (GET …/files/ID/), then its bytes with the token, and shows them
 * as a safe picture (decision 190: a raster of the type its bytes are, an SVG drawn as a PNG).
 * Loads are kept per file for the session, so a preview redrawn as someone types never fetches
 * an image again; another sign-in starts afresh.
 */

/** Longest side of the PNG an SVG in the text is drawn as. */
const SVG_SIDE = 1600;
/** Files kept at most; the oldest are forgotten (and their object URLs revoked) past it. */
const KEPT_MAX = 100;

export interface AttachedImageSize {
  width: number | null;
  height: number | null;
}

export interface AttachedImageLoad {
  /** The file's size as the server measured it (null sides when it has none). */
  size: Promise<AttachedImageSize>;
  /** An object URL of a picture that runs nothing; rejects when there is none to show. */
  url: Promise<string>;
  /** Both, once the picture is ready: a redrawn preview shows it at once, with no flicker. */
  ready?: { size: AttachedImageSize; url: string };
}

const kept = new Map<number, AttachedImageLoad>();
let keptFor: string | null = null;

function forget(load: AttachedImageLoad) {
  load.url.then(
    (url) => URL.revokeObjectURL(url),
    () => undefined,
  );
}

function start(id: number): AttachedImageLoad {
  const file: Promise<FileObject> = callApi('files.get', { params: { id } });
  const size = file.then(
    ({ width, height }) => ({ width, height }),
    () => ({ width: null, height: null }),
  );
  const url = file.then(async (meta) => {
    const blob = await (await fetchSignedIn(pathOf('files.download', { id }))).blob();
    const picture = await safeImageBlob(blob, meta.content_type, SVG_SIDE);
    if (!picture) throw new Error('Not a picture the app shows.');
    return URL.createObjectURL(picture);
  });
  const load: AttachedImageLoad = { size, url };
  void Promise.all([size, url]).then(
    ([readySize, readyUrl]) => {
      load.ready = { size: readySize, url: readyUrl };
    },
    () => undefined,
  );
  // A failed load is not kept: the next render asks again (the file may be uploaded by then).
  url.catch(() => {
    if (kept.get(id) === load) kept.delete(id);
  });
  return load;
}

/** The load of file `id`'s picture, started once per session and kept. */
export function loadAttachedImage(id: number): AttachedImageLoad {
  const session = getRefreshToken();
  if (session !== keptFor) {
    for (const load of kept.values()) forget(load);
    kept.clear();
    keptFor = session;
  }
  const existing = kept.get(id);
  if (existing) {
    // Most recently used last: the oldest is forgotten first.
    kept.delete(id);
    kept.set(id, existing);
    return existing;
  }
  const load = start(id);
  kept.set(id, load);
  if (kept.size > KEPT_MAX) {
    const [oldest, old] = kept.entries().next().value as [number, AttachedImageLoad];
    kept.delete(oldest);
    forget(old);
  }
  return load;
}

/** The picture of file `id` if it is ready in this session, without starting a load. */
export function readyAttachedImage(id: number): AttachedImageLoad['ready'] {
  return getRefreshToken() === keptFor ? kept.get(id)?.ready : undefined;
}

/** Forgets every kept load (tests; a sign-out starts afresh by itself). */
export function forgetAttachedImages(): void {
  for (const load of kept.values()) forget(load);
  kept.clear();
  keptFor = null;
}
