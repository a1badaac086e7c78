import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_HEAD_BYTES } from '../shared/image-dimensions';

/*
 * The measures of an import's writing (import-writer.ts): how many rows and how much text go in
 * one transaction, and what a stored file's type and first bytes are.
 */

/**
 * Rows written per transaction, and most characters of text in one: progress moves, and no
 * transaction holds the database (on PGlite, the thread that answers requests) long.
 */
export const BATCH = 50;
export const BATCH_TEXT = 512 * 1024;

/** The content type a file of an import is stored with, by its extension. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** The first IMAGE_HEAD_BYTES of an unpacked file: what measuring an image reads. */
export async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(IMAGE_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, IMAGE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * `rows` in runs of at most BATCH rows and BATCH_TEXT characters of text (a row longer than that
 * goes alone), so no transaction of an import holds much text (docs/api.md, "Import").
 */
export function* slices<T>(rows: T[], textOf: (row: T) => number): Generator<T[]> {
  let slice: T[] = [];
  let text = 0;
  for (const row of rows) {
    const length = textOf(row);
    if (slice.length > 0 && (slice.length >= BATCH || text + length > BATCH_TEXT)) {
      yield slice;
      slice = [];
      text = 0;
    }
    slice.push(row);
    text += length;
  }
  if (slice.length > 0) yield slice;
}
