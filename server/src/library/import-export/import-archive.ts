import fs from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** The limits of docs/api.md, "Import": entries, and how far an archive may unpack. */
export const IMPORT_MAX_ENTRIES = 50_000;
export const IMPORT_MAX_RATIO = 20;

/** An archive the import refuses as a whole: it ends `failed` with this in `errors`. */
export class ArchiveRefused extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  notZip: 'The file is not a zip archive.',
  tooManyEntries: `The archive holds more than ${IMPORT_MAX_ENTRIES.toLocaleString('en-US')} entries.`,
  ratio: `The archive unpacks to more than ${IMPORT_MAX_RATIO} times its size.`,
  total: (limit: number) =>
    `The archive unpacks to more than ${Math.round(limit / 1024 / 1024).toLocaleString('en-US')} MB.`,
  text: (limit: number) =>
    `The notes in the archive hold more than ${Math.round(limit / 1024 / 1024).toLocaleString('en-US')} MB of text.`,
  outside: 'The archive names a path outside itself.',
  damaged: 'The archive is damaged.',
  tooSlow: 'The archive takes too long to read; nothing of it was kept.',
  memory: 'The archive needs more memory to read than an import may use; nothing of it was kept.',
};

export interface Archive {
  /** Entry paths (files only), in archive order. */
  paths: string[];
  size(path: string): number;
  /** The whole entry, or undefined when it is larger than `maxBytes`. */
  read(path: string, maxBytes: number): Promise<Buffer | undefined>;
  /**
   * Writes the entry to `file` (which must not exist) and resolves with its size; an entry that
   * inflates to more or fewer bytes than its headers say, or any read error, is ArchiveRefused.
   */
  extract(path: string, file: string): Promise<number>;
  close(): void;
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    );
  });

/**
 * Opens a zip on disk and checks it whole before anything is read from it: a zip at all, at most
 * IMPORT_MAX_ENTRIES entries, no name outside the archive (absolute, `../`, backslashes: yauzl
 * refuses them), and a declared unpacked size within 20 × the zip and `maxTotal`. Entry streams
 * check their real size against the declared one (yauzl's validateEntrySizes), so an archive
 * that lies about its sizes fails while it is read.
 */
export async function openArchive(
  file: string,
  zipBytes: number,
  maxTotal: number,
): Promise<Archive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw new ArchiveRefused('', MESSAGES.notZip);
  }
  if (zip.entryCount > IMPORT_MAX_ENTRIES) {
    zip.close();
    throw new ArchiveRefused('', MESSAGES.tooManyEntries);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      let total = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > IMPORT_MAX_RATIO * Math.max(zipBytes, 1)) {
          return reject(new ArchiveRefused(entry.fileName, MESSAGES.ratio));
        }
        if (total > maxTotal)
          return reject(new ArchiveRefused(entry.fileName, MESSAGES.total(maxTotal)));
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    if (error instanceof ArchiveRefused) throw error;
    const message = error instanceof Error ? error.message : '';
    const name = /: (.*)$/.exec(message)?.[1] ?? '';
    if (/absolute path|invalid relative path|invalid characters in fileName/.test(message)) {
      throw new ArchiveRefused(name, MESSAGES.outside);
    }
    throw new ArchiveRefused('', MESSAGES.damaged);
  }

  const entryOf = (path: string) => {
    const entry = entries.get(path);
    if (!entry) throw new ArchiveRefused(path, MESSAGES.damaged);
    return entry;
  };
  /**
   * An entry's bytes as a stream that always has an error listener: yauzl's streams (the file
   * reader, the inflater, the size check) emit errors after their consumer has gone, and an
   * 'error' with no listener ends the process. Every error is kept, so a consumer that stopped
   * reading still learns of it.
   */
  const stream = (path: string) =>
    new Promise<Readable>((resolve, reject) => {
      zip.openReadStream(entryOf(path), (error, readable) => {
        if (error || !readable) return reject(new ArchiveRefused(path, MESSAGES.damaged));
        readable.on('error', () => undefined);
        resolve(readable);
      });
    });
  return {
    paths: [...entries.keys()],
    size: (path) => entryOf(path).uncompressedSize,
    async read(path, maxBytes) {
      const declared = entryOf(path).uncompressedSize;
      if (declared > maxBytes) return undefined;
      const readable = await stream(path);
      const chunks: Buffer[] = [];
      let bytes = 0;
      try {
        for await (const chunk of readable) {
          bytes += (chunk as Buffer).length;
          // yauzl checks the declared size too; this holds even if it did not.
          if (bytes > declared) throw new ArchiveRefused(path, MESSAGES.damaged);
          chunks.push(chunk as Buffer);
        }
      } catch {
        readable.destroy();
        throw new ArchiveRefused(path, MESSAGES.damaged);
      }
      if (bytes !== declared) throw new ArchiveRefused(path, MESSAGES.damaged);
      return Buffer.concat(chunks);
    },
    async extract(path, file) {
      const declared = entryOf(path).uncompressedSize;
      const readable = await stream(path);
      const count = new ExactSize(declared);
      try {
        await pipeline(readable, count, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch {
        readable.destroy();
        throw new ArchiveRefused(path, MESSAGES.damaged);
      }
      return declared;
    },
    close: () => zip.close(),
  };
}

/** Passes bytes on while they stay within `declared`, and fails unless exactly that many came. */
class ExactSize extends Transform {
  private bytes = 0;
  constructor(private readonly declared: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.declared) done(new Error('more bytes than declared'));
    else done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.bytes === this.declared ? null : new Error('fewer bytes than declared'));
  }
}
