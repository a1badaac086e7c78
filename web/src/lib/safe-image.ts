/**
 * Pictures of uploaded files that can never run script on the app's origin (docs/auth.md,
 * "Hostile input"; decision 190). An object URL is a document of this origin when someone
 * opens it in a new tab, so the app only ever makes object URLs of raster image types, which
 * browsers show and never run: the bytes' own signature decides the type (the declared one is
 * whatever the uploader said), and an SVG becomes a PNG drawn through an `<img>` (where SVG runs
 * no script and loads nothing) onto a canvas.
 */

/** Image types the previews show as they are. */
export const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];
export const SVG_TYPE = 'image/svg+xml';

export type ImageKind = 'raster' | 'svg';

/** The declared type without parameters, lower case: `Image/PNG; x=y` → `image/png`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** How the app may show a file of this declared type as a picture, or null (it may not). */
export function imageKindOf(contentType: string): ImageKind | null {
  const type = mediaTypeOf(contentType);
  if (type === 'image/jpg' || RASTER_TYPES.includes(type)) return 'raster';
  if (type === SVG_TYPE) return 'svg';
  return null;
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** The raster type the bytes are by their signature, or null (not one of RASTER_TYPES). */
export function rasterTypeOf(head: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => head[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 4) === 'ftyp') {
    // The ftyp box: its major brand, then its compatible brands.
    const size = Math.min(
      ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0),
      head.length,
    );
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version
      const brand = ascii(head, at, 4);
      if (brand === 'avif' || brand === 'avis') return 'image/avif';
    }
  }
  return null;
}

/** The file's bytes as a blob of the raster type they really are, or null when they are not one. */
export async function rasterBlob(blob: Blob): Promise<Blob | null> {
  const head = new Uint8Array(await blob.slice(0, 64).arrayBuffer());
  const type = rasterTypeOf(head);
  return type ? blob.slice(0, blob.size, type) : null;
}

/** `data:image/svg+xml;base64,…` of the bytes. */
async function svgDataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `data:${SVG_TYPE};base64,${btoa(binary)}`;
}

/** An SVG's intrinsic size; 300 × 150 (the size of a replaced element without one) if it has none. */
function sizeOf(image: HTMLImageElement): { width: number; height: number } {
  return { width: image.naturalWidth || 300, height: image.naturalHeight || 150 };
}

/**
 * An SVG drawn as a PNG whose longest side is `longestSide` pixels. The SVG is loaded into an
 * `<img>` that is never in the page, from a `data:` URL (no object URL of this origin holds the
 * SVG, not even for a moment): an image runs no script and fetches nothing. Null when it is not
 * an SVG the browser can draw.
 */
export async function svgToPng(blob: Blob, longestSide: number): Promise<Blob | null> {
  const image = new Image();
  image.src = await svgDataUrlOf(blob);
  try {
    await image.decode();
  } catch {
    return null;
  }
  const { width, height } = sizeOf(image);
  const scale = longestSide / Math.max(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => {
    try {
      canvas.toBlob((png) => resolve(png), 'image/png');
    } catch {
      // A canvas the browser considers tainted cannot be read: no picture, never the SVG.
      resolve(null);
    }
  });
}

/** A blob the app may show in an `<img>` and anyone may open: a raster of a type that runs nothing. */
export async function safeImageBlob(
  blob: Blob,
  contentType: string,
  longestSide: number,
): Promise<Blob | null> {
  const kind = imageKindOf(contentType);
  if (kind === 'svg') return svgToPng(blob, longestSide);
  if (kind === 'raster') return rasterBlob(blob);
  return null;
}
