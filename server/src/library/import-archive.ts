import type { Readable } from 'node:stream';
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
};

export interface Archive {
  /** Entry paths (files only), in archive order. */
  paths: string[];
  size(path: string): number;
  /** The whole entry, or undefined when it is larger than `maxBytes`. */
  read(path: string, maxBytes: number): Promise<Buffer | undefined>;
  stream(path: string): Promise<Readable>;
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
  const stream = (path: string) =>
    new Promise<Readable>((resolve, reject) => {
      zip.openReadStream(entryOf(path), (error, readable) =>
        error || !readable ? reject(new ArchiveRefused(path, MESSAGES.damaged)) : resolve(readable),
      );
    });
  return {
    paths: [...entries.keys()],
    size: (path) => entryOf(path).uncompressedSize,
    stream,
    async read(path, maxBytes) {
      if (entryOf(path).uncompressedSize > maxBytes) return undefined;
      const readable = await stream(path);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of readable) chunks.push(chunk as Buffer);
      } catch {
        throw new ArchiveRefused(path, MESSAGES.damaged);
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
