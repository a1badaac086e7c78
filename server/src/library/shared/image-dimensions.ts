import { Transform, type TransformCallback } from 'node:stream';
import { imageSize } from 'image-size';

/**
 * Width and height of an uploaded raster image (docs/api.md, "Files"; decision 213), read from
 * the start of its bytes by `image-size` (pure JavaScript, no native code). Only the five raster
 * types the app shows as pictures (PNG, JPEG, GIF, WebP, AVIF; decision 190) are measured;
 * anything else (SVG included: its size is whatever its text says) has none.
 */
const MEASURED = new Set(['png', 'jpg', 'gif', 'webp', 'avif']);

/**
 * How much of a file is kept to measure it: a JPEG's size comes after its EXIF, XMP and colour
 * profile segments, which together stay well under this in photos from cameras and phones.
 */
export const IMAGE_HEAD_BYTES = 512 * 1024;

/** The largest value the `files.width` and `.height` columns hold (integer). */
const DIMENSION_MAX = 2_147_483_647;

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The size the image is shown at, or null when the bytes are not one of the measured types or
 * their header cannot be read. A JPEG whose EXIF orientation turns it a quarter (5 to 8) is
 * shown turned, so its width and height swap, as browsers draw it.
 */
export function imageDimensions(head: Uint8Array): ImageDimensions | null {
  let size: ReturnType<typeof imageSize>;
  // image-size reads through the bytes' whole ArrayBuffer: a view into a larger one (a pooled
  // Buffer) would let it read past `head` into whatever else that memory holds. A copy of its own.
  const own =
    head.byteOffset === 0 && head.byteLength === head.buffer.byteLength
      ? head
      : new Uint8Array(head);
  try {
    size = imageSize(own);
  } catch {
    // Not an image this library knows, or its header is cut short: no dimensions.
    return null;
  }
  if (!size.type || !MEASURED.has(size.type)) return null;
  const { width, height } = size;
  const valid = (value: number) => Number.isInteger(value) && value > 0 && value <= DIMENSION_MAX;
  if (!valid(width) || !valid(height)) return null;
  const turned = size.orientation !== undefined && size.orientation >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

/**
 * Passes every byte on unchanged and keeps the first IMAGE_HEAD_BYTES of them (`head`), so an
 * upload is measured while it is stored, without reading it again.
 */
export class ImageHead extends Transform {
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.kept < IMAGE_HEAD_BYTES) {
      const part = chunk.subarray(0, IMAGE_HEAD_BYTES - this.kept);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
    }
    done(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
