import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY_PATTERN } from '../storage/file-storage';
import type { S3FileStorage } from '../storage/s3-file-storage';

export interface CopyReport {
  /** Keys found under the files directory. */
  found: number;
  copied: number;
  /** Already in the bucket with the same size (an earlier run). */
  alreadyThere: number;
  bytesCopied: number;
  /** Keys whose object's size differs from the file's after the copy. */
  mismatched: string[];
}

/** Every stored file under `root` (DATA_DIR/files): `root/ab/abcdef…`, as DiskFileStorage keeps them. */
async function storedFiles(root: string): Promise<{ key: string; file: string }[]> {
  const found: { key: string; file: string }[] = [];
  let shards: string[];
  try {
    shards = await fsp.readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return found;
    throw error;
  }
  for (const shard of shards.sort()) {
    // `tmp` holds unfinished uploads, never stored files.
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of (await fsp.readdir(path.join(root, shard))).sort()) {
      if (STORAGE_KEY_PATTERN.test(name) && name.startsWith(shard)) {
        found.push({ key: name, file: path.join(root, shard, name) });
      }
    }
  }
  return found;
}

/**
 * Copies every stored file of the disk store under `root` into the bucket, under the same key
 * (docs/operations.md, "Moving files to S3"). Idempotent and resumable: a key whose object is
 * already there with the file's size is skipped, anything else is (re)written whole; after each
 * copy the object's size is checked against the file's. Files on disk are left as they are.
 */
export async function copyFilesToS3(
  root: string,
  bucket: S3FileStorage,
  progress: (line: string) => void = () => undefined,
  parallel = 4,
): Promise<CopyReport> {
  const files = await storedFiles(root);
  const report: CopyReport = {
    found: files.length,
    copied: 0,
    alreadyThere: 0,
    bytesCopied: 0,
    mismatched: [],
  };
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < files.length; index = next++) {
      const { key, file } = files[index] as { key: string; file: string };
      const { size } = await fsp.stat(file);
      if ((await bucket.sizeOf(key)) === size) {
        report.alreadyThere += 1;
        continue;
      }
      const written = await bucket.write(key, fs.createReadStream(file), size);
      const stored = await bucket.sizeOf(key);
      if (written !== size || stored !== size) {
        report.mismatched.push(key);
        continue;
      }
      report.copied += 1;
      report.bytesCopied += size;
      if (report.copied % 100 === 0) progress(`copied ${report.copied} of ${files.length} files`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return report;
}
