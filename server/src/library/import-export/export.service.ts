import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { pathOf } from '@cw/contract';
import type { DownloadTickets } from '../../auth/download-tickets';
import type { Caller } from '../../policy/caller';
import type { FileStorage } from '../../storage/file-storage';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  collectionFolder,
  collectionPath,
  contentPath,
  filePath,
  isoOrNull,
  markdownFile,
  notePath,
} from './export-format';
import { attachmentDisposition } from '../shared/file-names';
import type { LibraryStore } from '../library-store';
import { groupBy, refsByOwnerRow } from '../shared/presenters';

/** Rows per query: a page of texts is what the export holds in memory at most. */
const PAGE = 50;
/** The reused buffer of a text entry's bytes: 64 KB holds about 10,000 words. */
const TEXT_BUFFER_BYTES = 64 * 1024;

interface Counts {
  collections: number;
  notes: number;
  content: number;
  files: number;
  tags: number;
}

/**
 * GET /api/export/ (docs/api.md, "Export"; decision 150): everything the caller owns, as a zip
 * written while it is sent. Rows are read a keyset page at a time and added to the zip; the next
 * page is read only when the zip has reached the end of the last one, which happens only as fast
 * as the client takes the bytes (the zip's output stream applies back-pressure). Stored files are
 * opened one at a time, when the zip reaches them. So memory stays at about one page of texts,
 * whatever the size of the account.
 */
export class ExportService {
  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly tickets: DownloadTickets,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /**
   * POST /api/export/link/ (decision 151): the download's address with a 60-second ticket of the
   * caller and their sign-in, so the browser's own download manager can fetch and save the zip
   * as it streams (a link cannot carry the Authorization header).
   */
  async link(caller: Caller): Promise<{ url: string }> {
    const path = pathOf('export.download');
    const ticket = await this.tickets.issue(caller.userId, caller.sessionFamilyId, path);
    return { url: `${path}?ticket=${encodeURIComponent(ticket)}` };
  }

  download(caller: Caller): { stream: Readable; headers: Record<string, string> } {
    const zip = new ZipFile();
    // yazl's outputStream is a PassThrough (typed as the wider NodeJS.ReadableStream).
    const output = zip.outputStream as Readable;
    const exportedOn = this.now();
    // The writing stops when the zip cannot go on: yazl reports a stored file's read error on the
    // ZipFile (an 'error' with no listener would end the process), and a client that hangs up
    // closes the output. Without this, the writer would wait for the zip forever.
    const stopped = new AbortController();
    zip.on('error', (error: Error) => {
      this.log.error({ err: error, userId: caller.userId }, 'export: a stored file failed');
      stopped.abort(error);
      output.destroy(error);
    });
    output.on('close', () => {
      if (!output.readableEnded) stopped.abort(new Error('export: the download was closed'));
    });
    this.write(zip, caller, exportedOn, stopped.signal).catch((error: unknown) => {
      if (stopped.signal.aborted) return;
      this.log.error({ err: error, userId: caller.userId }, 'export failed while streaming');
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const day = exportedOn.toISOString().slice(0, 10);
    return {
      stream: output,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': attachmentDisposition(`creator-workspace-${day}.zip`),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    };
  }

  private async write(
    zip: ZipFile,
    caller: Caller,
    exportedOn: Date,
    stopped: AbortSignal,
  ): Promise<void> {
    const repos = this.store.repos;
    /** Waits for the zip to reach an entry, or rejects once the export has stopped. */
    const reaching = (add: (reached: () => void) => void) =>
      new Promise<void>((resolve, reject) => {
        if (stopped.aborted) return reject(stopped.reason as Error);
        const stop = () => reject(stopped.reason as Error);
        stopped.addEventListener('abort', stop, { once: true });
        add(() => {
          stopped.removeEventListener('abort', stop);
          resolve();
        });
      });
    const counts: Counts = { collections: 0, notes: 0, content: 0, files: 0, tags: 0 };
    const missingFiles: string[] = [];
    const mtime = exportedOn;

    /**
     * The bytes of the text entry the zip is deflating, in one buffer reused from entry to entry
     * (a text longer than it gets a buffer of its own). The zip asks for an entry's stream only
     * once the entry before it is written whole, so the deflate has read the last bytes by then.
     * A fresh Buffer per text was native memory that V8 collects only every few MB of young
     * objects: 3,000 items of 6 KB kept about 20 MB of dead buffers in the process
     * (bench/README.md, "Export memory").
     */
    const textBytes = Buffer.allocUnsafeSlow(TEXT_BUFFER_BYTES);
    const bytesOf = (text: string): Buffer =>
      Buffer.byteLength(text) <= textBytes.length
        ? textBytes.subarray(0, textBytes.write(text))
        : Buffer.from(text);

    /**
     * One text entry, added lazily: `addBuffer` deflates every buffer at once, so a page of 50
     * held 50 zlib states until they were collected; a lazy entry is deflated when the zip
     * reaches it, one at a time. yazl keeps every entry's read-stream function until the zip
     * ends (it writes the central directory from them), so the function lets go of its text once
     * it has made the stream: holding it kept every text of the account in memory to the end.
     */
    const addText = (path: string, text: string, reached?: () => void) => {
      let held: string | undefined = text;
      zip.addReadStreamLazy(path, { mtime }, (done) => {
        const bytes = bytesOf(held ?? '');
        held = undefined;
        reached?.();
        done(null, Readable.from([bytes]));
      });
    };

    /** Adds a page of texts; resolves once the zip has reached its last entry. */
    const addPage = async (entries: { path: string; text: string }[]) => {
      const last = entries.pop();
      for (const entry of entries) addText(entry.path, entry.text);
      if (!last) return;
      await reaching((reached) => addText(last.path, last.text, reached));
    };

    for (let after = 0; ;) {
      const rows = await repos.exports.collectionsAfter(caller, after, PAGE);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      counts.collections += rows.length;
      const ids = rows.map((row) => row.id);
      const [tagRefs, fileRows] = await Promise.all([
        repos.tags.refsForCollections(ids),
        repos.exports.filesOfCollections(caller, ids),
      ]);
      const tagsOf = refsByOwnerRow(tagRefs);
      const filesOf = groupBy(fileRows, (file) => file.collectionId);
      await addPage(
        rows.map((row) => ({
          path: collectionPath(row),
          text: markdownFile(
            {
              name: row.name,
              tags: (tagsOf.get(row.id) ?? []).map((tag) => tag.name),
              is_active: row.isActive,
              is_public: row.isPublic,
              created_on: isoOrNull(row.createdOn),
              updated_on: isoOrNull(row.updatedOn),
              files: (filesOf.get(row.id) ?? []).map(filePath),
            },
            row.description,
          ),
        })),
      );
    }

    for (let after = 0; ;) {
      const rows = await repos.exports.notesAfter(caller, after, PAGE);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      counts.notes += rows.length;
      await addPage(
        rows.map((row) => ({
          path: notePath({ id: row.collectionId, name: row.collectionName }, row),
          text: markdownFile(
            {
              title: row.title,
              tags: row.tags,
              created_on: isoOrNull(row.createdOn),
              updated_on: isoOrNull(row.updatedOn),
            },
            row.content,
          ),
        })),
      );
    }

    for (let after = 0; ;) {
      const rows = await repos.exports.contentsAfter(caller, after, PAGE);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      counts.content += rows.length;
      const ids = rows.map((row) => row.id);
      const [tagRefs, collectionRefs, fileRows] = await Promise.all([
        repos.tags.refsForContents(ids),
        repos.collections.refsForContents(caller, ids),
        repos.files.listForContents(caller, ids),
      ]);
      const tagsOf = refsByOwnerRow(tagRefs);
      const collectionsOf = refsByOwnerRow(collectionRefs);
      const filesOf = groupBy(fileRows, (file) => file.contentId);
      await addPage(
        rows.map((row) => ({
          path: contentPath(row),
          text: markdownFile(
            {
              title: row.title,
              tags: (tagsOf.get(row.id) ?? []).map((tag) => tag.name),
              collections: (collectionsOf.get(row.id) ?? []).map(
                (collection) => collectionFolder(collection).split('/')[1],
              ),
              status: row.status,
              publish_on: row.publishOn,
              is_public: row.isPublic,
              created_on: isoOrNull(row.createdOn),
              updated_on: isoOrNull(row.updatedOn),
              files: (filesOf.get(row.id) ?? []).map(filePath),
            },
            row.content,
          ),
        })),
      );
    }

    for (let after = 0; ;) {
      const rows = await repos.exports.filesAfter(caller, after, PAGE);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      counts.files += rows.length;
      for (const [index, row] of rows.entries()) {
        const path = filePath(row);
        const isLast = index === rows.length - 1;
        await reaching((reached) => {
          // Opened only when the zip reaches it: one stored file open at a time.
          zip.addReadStreamLazy(path, { mtime: row.createdOn, compress: false }, (done) => {
            this.storage
              .open(row.storageKey)
              .then(
                (stream) => {
                  // Heard from the first moment, before yazl listens: a read error ends the
                  // export (the zip's error handler) instead of the process.
                  stream.on('error', (error) => zip.emit('error', error));
                  done(null, stream);
                },
                (error: unknown) => {
                  this.log.error({ err: error, fileId: row.id }, 'export: stored bytes missing');
                  missingFiles.push(path);
                  done(null, Readable.from([]));
                },
              )
              .finally(() => {
                if (isLast) reached();
              });
          });
          if (!isLast) reached();
        });
      }
    }

    const tagNames = await repos.exports.tagNames(caller);
    counts.tags = tagNames.length;
    const manifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_on: exportedOn.toISOString(),
      counts,
      tags: tagNames,
      missing_files: missingFiles,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json', {
      mtime,
    });
    zip.end();
  }
}
