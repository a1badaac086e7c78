import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit';
import { STORAGE_KEY_PATTERN, randomStorageKey, type FileStorage } from './file-storage';

const PART_SUFFIX = '.part';
const ignoreError = () => undefined;

/**
 * Removes the `.part` files of uploads that were interrupted (kill -9, a crash, a shutdown in the
 * middle of an upload) from `root/tmp`, when they were last written more than `maxAgeMs` ago: no
 * upload in progress can be that old, because no request may take longer (the server's request
 * timeout). Returns how many were removed. Run at start-up, under the DATA_DIR lock.
 */
export async function removeAbandonedUploads(
  root: string,
  maxAgeMs: number,
  now: number = Date.now(),
): Promise<number> {
  const tmpDir = path.join(root, 'tmp');
  let names: string[];
  try {
    names = await fsp.readdir(tmpDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(PART_SUFFIX)) continue;
    const file = path.join(tmpDir, name);
    const stat = await fsp.lstat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs <= maxAgeMs) continue;
    await fsp.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Files on the local disk under `root` (DATA_DIR/files): `root/ab/abcdef…` by the first two
 * characters of the key, so no directory grows without bound. Writes go to `root/tmp/` and are
 * renamed into place when complete (same file system, so the rename is atomic).
 */
export class DiskFileStorage implements FileStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  newKey(): string {
    return randomStorageKey();
  }

  private pathOf(key: string): string {
    // Keys come from newKey(); anything else (a crafted or corrupted row) never reaches the disk.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async write(key: string, stream: Readable, maxBytes: number): Promise<number> {
    // Listened to from the first moment: a source that fails while the folders are made would
    // otherwise emit an 'error' no one hears, which ends the process; the pipeline below still
    // fails with it (a stream that already failed is refused by pipeline).
    stream.on('error', ignoreError);
    const target = this.pathOf(key);
    await fsp.mkdir(this.tmpDir, { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.tmpDir, `${key}.${process.pid}${PART_SUFFIX}`);
    const limit = new ByteLimit(maxBytes);
    try {
      await pipeline(stream, limit, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      await fsp.rename(temp, target);
      return limit.bytes;
    } catch (error) {
      await fsp.rm(temp, { force: true });
      // A source that is not read to its end would keep the upload hanging.
      if (!stream.destroyed) stream.resume();
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const handle = await fsp.open(this.pathOf(key), 'r');
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }
}
