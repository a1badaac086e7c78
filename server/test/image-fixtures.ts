import { deflateSync } from 'node:zlib';

/**
 * Small real image files, made here (no binary fixtures in the repository): a PNG any browser
 * draws, and the headers of a GIF, a JPEG, a WebP and an AVIF, which is all an upload is
 * measured by (decision 213).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A complete PNG of `width` × `height` pixels of one colour (RGB). */
export function pngImage(width: number, height: number, rgb = [79, 70, 229]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array<Buffer>(height).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF's header and logical screen of `width` × `height`. */
export function gifHeader(width: number, height: number): Buffer {
  const out = Buffer.alloc(13);
  out.write('GIF89a', 0, 'ascii');
  out.writeUInt16LE(width, 6);
  out.writeUInt16LE(height, 8);
  return out;
}

/**
 * A JPEG's start: SOI, the JFIF segment (APP0), an APP2 segment of `padding` bytes (a colour profile's place), then the
 * frame header (SOF0) of `width` × `height`.
 */
export function jpegHeader(width: number, height: number, padding = 0): Buffer {
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  const segments: Buffer[] = [Buffer.from([0xff, 0xd8]), jfif];
  let left = padding;
  while (left > 0) {
    const size = Math.min(left, 65_000);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(size + 2);
    segments.push(Buffer.from([0xff, 0xe2]), length, Buffer.alloc(size, 0x41));
    left -= size;
  }
  const frame = Buffer.alloc(19);
  frame.set([0xff, 0xc0], 0);
  frame.writeUInt16BE(17, 2);
  frame[4] = 8;
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  frame[9] = 3;
  segments.push(frame, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(segments);
}

/** A WebP (extended, VP8X) header of `width` × `height`. */
export function webpHeader(width: number, height: number): Buffer {
  const out = Buffer.alloc(30);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(22, 4);
  out.write('WEBP', 8, 'ascii');
  out.write('VP8X', 12, 'ascii');
  out.writeUInt32LE(10, 16);
  out.writeUIntLE(width - 1, 24, 3);
  out.writeUIntLE(height - 1, 27, 3);
  return out;
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'ascii'), body]);
}

/** An AVIF's ftyp and meta boxes, with the image spatial extents (ispe) of `width` × `height`. */
export function avifHeader(width: number, height: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('avif', 'ascii'), u32(0), Buffer.from('avifmif1', 'ascii'));
  const ispe = box('ispe', u32(0), u32(width), u32(height));
  const meta = box('meta', u32(0), box('iprp', box('ipco', ispe)));
  return Buffer.concat([ftyp, meta]);
}
