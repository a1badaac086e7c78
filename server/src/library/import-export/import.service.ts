import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '@cw/contract';
import { AppError, notFound, validationFailed } from '../../http/errors';
import {
  JobFailed,
  LeaseLost,
  type JobClaim,
  type JobQueue,
  type JobRow,
  type JobTools,
} from '../../jobs/job-queue';
import type { Caller } from '../../policy/caller';
import { FileTooLargeError, type FileStorage } from '../../storage/file-storage';
import type { FileRemovals } from '../../storage/file-removals';
import { asClientError, clientParts, type UploadPart } from '../shared/upload-parts';
import { ArchiveRefused } from './import-archive';
import { MARKDOWN_TOTAL_MAX_BYTES, type ReadArchiveResult } from './import-read';
import { readArchiveInWorker, type ImportWorkerLimits } from './import-reader';
import { noneCreated, type CreatedIds } from './import.repository';
import type { LibraryStore } from '../library-store';

export const IMPORT_JOB = 'import';
/**
 * Rows written per transaction, and most characters of text in one: progress moves, and no
 * transaction holds the database (on PGlite, the thread that answers requests) long.
 */
const BATCH = 50;
const BATCH_TEXT = 512 * 1024;
/** Imports one person may have queued or running at once; one more is a 429. */
export const IMPORTS_OPEN_MAX = 3;

/** Temporary copies of archives: `cw-import-{pid}-…` in the system's temporary directory. */
const TEMP_PREFIX = 'cw-import-';
/** A temporary folder without a pid in its name (older versions) is stale after this long. */
const TEMP_STALE_MS = 24 * 60 * 60 * 1000;

const INTERRUPTED = 'The import was interrupted; nothing of it was kept. Please try again.';
const TOO_MANY = `You have ${IMPORTS_OPEN_MAX} imports under way. Wait for one to finish, then try again.`;

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
const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

type ImportPayload = {
  storageKey: string;
  size: number;
};

const tooLarge = (maxBytes: number) =>
  new AppError(413, 'payload_too_large', `The file is larger than the limit of ${maxBytes} bytes.`);

/**
 * POST /api/import/ and GET /api/import/{id}/ (docs/api.md, "Import"; decisions 133 and 134).
 * The upload is kept in the file store (every instance reaches it) and a job is queued; the job
 * checks the archive whole, plans everything it will make, then writes it in batches of 50 whose
 * transactions also record what they made. Any failure, or a worker cut off (the job's second
 * claim), deletes every row and file the import made: all or nothing.
 */
export class ImportService {
  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly removals: FileRemovals,
    private readonly queue: JobQueue,
    private readonly limits: {
      importMaxBytes: number;
      storageQuotaBytes: number;
      worker: ImportWorkerLimits;
    },
    private readonly log: FastifyBaseLogger,
  ) {
    queue.handle(IMPORT_JOB, (job, tools) => this.run(job, tools));
  }

  async start(caller: Caller, parts: AsyncIterable<UploadPart>): Promise<ImportJob> {
    // The job row exists, held, before any byte is stored: it names the upload's key, so a
    // process killed mid-upload leaves a row the next claim cleans up, never orphaned bytes.
    const key = this.storage.newKey();
    const held = await this.queue.hold({
      kind: IMPORT_JOB,
      userId: caller.userId,
      payload: { storageKey: key },
      openMax: IMPORTS_OPEN_MAX,
    });
    if (!held) throw new AppError(429, 'too_many_imports', TOO_MANY);
    const stopHolding = this.queue.keepHeld(held.id);
    let written = false;
    try {
      let size: number | undefined;
      for await (const part of clientParts(parts)) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || size !== undefined) {
          part.file.resume();
          throw validationFailed({ file: ['Send exactly one file, in the "file" field.'] });
        }
        written = true;
        size = await this.storage
          .write(key, part.file, this.limits.importMaxBytes)
          .catch((error: unknown) => {
            throw part.file.errored === error ? asClientError(error) : error;
          });
        if (part.file.truncated) throw tooLarge(this.limits.importMaxBytes);
      }
      if (size === undefined) throw validationFailed({ file: ['No file was submitted.'] });
      const payload: ImportPayload = { storageKey: key, size };
      const job = await this.queue.release(held.id, payload);
      if (!job) throw new Error('import: the held job was lost before it was queued');
      return present(job);
    } catch (error) {
      // The held row goes only once the bytes are gone; if they cannot be removed now, it stays,
      // its lease lapses, and the next claim removes them and ends it `failed`.
      const removed = written
        ? await this.storage.remove(key).then(
            () => true,
            (err: unknown) => {
              this.log.error({ err, storageKey: key }, 'import: could not remove an upload');
              return false;
            },
          )
        : true;
      if (removed) await this.queue.drop(held.id);
      if (error instanceof FileTooLargeError) throw tooLarge(this.limits.importMaxBytes);
      throw error;
    } finally {
      stopHolding();
    }
  }

  async get(caller: Caller, id: number): Promise<ImportJob> {
    const job = await this.store.repos.imports.job(caller, id);
    if (!job) throw notFound();
    return present(job);
  }

  /** The job: never leaves half an import behind. */
  private async run(job: JobRow, tools: JobTools): Promise<void> {
    const caller: Caller = { userId: job.userId ?? 0, sessionFamilyId: undefined };
    const payload = job.payload as unknown as ImportPayload;
    const recorded = (job.result.created_ids as CreatedIds | undefined) ?? noneCreated();
    if (job.attempts > 1) {
      // A worker was cut off (kill -9, a crash): undo what it made, and say so.
      await this.undo(caller, recorded, payload.storageKey);
      throw new JobFailed([{ path: '', message: INTERRUPTED }]);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    const file = path.join(dir, 'archive.zip');
    const unpacked = path.join(dir, 'files');
    const created = noneCreated();
    try {
      await pipeline(await this.storage.open(payload.storageKey), fs.createWriteStream(file));
      fs.mkdirSync(unpacked);
      const used = await this.store.repos.imports.storedBytes(caller);
      // Read, checked, planned and unpacked in a worker thread (decision 185).
      const read = await readArchiveInWorker(
        {
          file,
          zipBytes: payload.size,
          maxTotal: this.limits.importMaxBytes * 4,
          maxText: Math.min(MARKDOWN_TOTAL_MAX_BYTES, this.limits.importMaxBytes),
          fileAllowance: Math.max(0, this.limits.storageQuotaBytes - used),
          outDir: unpacked,
        },
        this.limits.worker,
      );
      const { plan } = read;
      const total =
        plan.collections.length + plan.notes.length + plan.contents.length + plan.fileNames.size;
      await tools.report({ total, errors: plan.errors });
      await this.write(job, caller, read, created, tools);
      await tools.report({
        processed: total,
        result: {
          format: plan.format,
          created: {
            collections: created.collections.length,
            content: created.contents.length,
            notes: created.notes.length,
            tags: created.tags.length,
            files: created.files.length,
          },
        },
      });
    } catch (error) {
      await this.undo(caller, created);
      if (error instanceof ArchiveRefused) {
        throw new JobFailed([{ path: error.path, message: error.message }]);
      }
      throw error;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await this.undo(caller, noneCreated(), payload.storageKey);
    }
  }

  /**
   * Writes a plan: rows in small transactions (at most BATCH rows and BATCH_TEXT characters of
   * text each), files from the copies the worker unpacked and checked. Nothing here reads the
   * archive or runs a pattern over its text: that was the worker's.
   */
  private async write(
    claim: JobClaim,
    caller: Caller,
    read: ReadArchiveResult,
    created: CreatedIds,
    tools: JobTools,
  ): Promise<void> {
    const { plan } = read;
    let processed = 0;
    const collectionIds = new Map<string, number>();
    /** Runs `work` in one transaction that also records what exists so far. */
    const batch = async (work: (repos: LibraryStore['repos']) => Promise<number>) => {
      await this.store.transaction(async (repos) => {
        const done = processed + (await work(repos));
        // The fence: a worker that lost its job keeps nothing of this batch (decision 135).
        if (!(await repos.imports.record(claim, created, done))) throw new LeaseLost(claim.id);
        processed = done;
      });
      // Let waiting requests have the database between batches (PGlite runs one at a time).
      await new Promise((resolve) => setTimeout(resolve, 1));
    };

    const allTags = [
      ...plan.tags,
      ...plan.collections.flatMap((c) => c.tags),
      ...plan.contents.flatMap((c) => c.tags),
    ];
    let tagIds = new Map<string, number>();
    await batch(async (repos) => {
      tagIds = await repos.imports.tagIds(caller, allTags, created);
      return 0;
    });
    const idsOf = (names: string[]) =>
      names.flatMap((name) => {
        const id = tagIds.get(name.toLowerCase());
        return id === undefined ? [] : [id];
      });

    for (const slice of slices(plan.collections, (c) => c.description.length)) {
      await batch(async (repos) => {
        for (const collection of slice) {
          const id = await repos.imports.insertCollection(
            caller,
            collection,
            idsOf(collection.tags),
          );
          created.collections.push(id);
          collectionIds.set(collection.key, id);
        }
        return slice.length;
      });
    }
    for (const slice of slices(plan.notes, (n) => n.content.length)) {
      await batch(async (repos) => {
        for (const note of slice) {
          const collectionId = collectionIds.get(note.collectionKey);
          if (collectionId === undefined) continue;
          created.notes.push(await repos.imports.insertNote(caller, { ...note, collectionId }));
        }
        return slice.length;
      });
    }
    const fileOwners: { entry: string; contentId: number | null; collectionId: number | null }[] =
      [];
    for (const collection of plan.collections) {
      for (const entry of collection.files) {
        fileOwners.push({
          entry,
          contentId: null,
          collectionId: collectionIds.get(collection.key)!,
        });
      }
    }
    for (const slice of slices(plan.contents, (c) => c.content.length)) {
      await batch(async (repos) => {
        for (const item of slice) {
          const id = await repos.imports.insertContent(
            caller,
            item,
            idsOf(item.tags),
            item.collectionKeys.flatMap((key) => collectionIds.get(key) ?? []),
          );
          created.contents.push(id);
          for (const entry of item.files)
            fileOwners.push({ entry, contentId: id, collectionId: null });
        }
        return slice.length;
      });
      await tools.report({ processed });
    }
    // Files BATCH at a time: their keys are recorded first (committed), then the bytes go to the
    // store, then the rows commit and the keys leave the record. A worker cut off anywhere leaves
    // bytes only under keys the undo finds (decision 135).
    const seen = new Set<string>();
    // In archive order: an export's files come back in the order they had (by id), whether an
    // item's or a collection's, so a second export lists them alike.
    const position = new Map(read.paths.map((entry, at) => [entry, at]));
    const owners = fileOwners
      .filter((owner) => read.files.has(owner.entry))
      .sort((a, b) => position.get(a.entry)! - position.get(b.entry)!);
    for (let at = 0; at < owners.length; at += BATCH) {
      const slice = owners.slice(at, at + BATCH).map((owner) => ({
        ...owner,
        key: this.storage.newKey(),
        size: 0,
      }));
      const keys = slice.map((file) => file.key);
      created.keys = keys;
      await batch(async () => 0);
      for (const file of slice) {
        const unpacked = read.files.get(file.entry)!;
        file.size = await this.storage.write(
          file.key,
          fs.createReadStream(unpacked.file),
          unpacked.size,
        );
      }
      await batch(async (repos) => {
        let firsts = 0;
        for (const file of slice) {
          const name = plan.fileNames.get(file.entry)!;
          created.files.push(
            await repos.imports.insertFile(caller, {
              contentId: file.contentId,
              collectionId: file.collectionId,
              name,
              size: file.size,
              contentType: contentTypeOf(name),
              storageKey: file.key,
            }),
          );
          if (!seen.has(file.entry)) firsts += 1;
          seen.add(file.entry);
        }
        // Named by rows now (which the undo deletes with their keys).
        created.keys = [];
        return firsts;
      }).catch((error: unknown) => {
        // Not committed: the keys still name bytes no row names.
        created.keys = keys;
        throw error;
      });
    }
  }

  /**
   * Deletes what an import made, rows in one transaction that also queues their stored bytes (and
   * the uploaded archive's, `upload`) in `file_removals`; then removes the bytes. A store failure
   * or a crash after the commit leaves the keys to the sweep.
   */
  private async undo(caller: Caller, created: CreatedIds, upload?: string): Promise<void> {
    const keys = await this.store.transaction(async (repos) => {
      const removed = await repos.imports.undo(caller, created);
      if (upload) removed.push(upload);
      await repos.fileRemovals.queue(removed);
      return removed;
    });
    await this.removals.removeNow(keys);
  }
}

/**
 * Removes the temporary archive copies of imports whose process is gone (killed mid-import; the
 * job itself is undone by its next claim). Run at start-up; folders of live processes, this one
 * included, are left alone (docs/operations.md, "Background jobs").
 */
export function removeStaleImportDirs(log: FastifyBaseLogger, tmp = os.tmpdir()): number {
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(tmp).filter((name) => name.startsWith(TEMP_PREFIX));
  } catch {
    return 0;
  }
  for (const name of names) {
    const dir = path.join(tmp, name);
    const pid = /^cw-import-(\d+)-/.exec(name)?.[1];
    try {
      const stale = pid
        ? Number(pid) !== process.pid && !processAlive(Number(pid))
        : Date.now() - fs.statSync(dir).mtimeMs > TEMP_STALE_MS;
      if (!stale) continue;
      fs.rmSync(dir, { recursive: true, force: true });
      removed += 1;
    } catch (err) {
      log.warn({ err, dir }, 'import: could not remove a stale temporary folder');
    }
  }
  if (removed > 0) log.info({ removed }, 'import: stale temporary folders removed');
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function present(job: JobRow): ImportJob {
  const counts = (job.result.created as ImportJob['created'] | undefined) ?? {
    collections: 0,
    content: 0,
    notes: 0,
    tags: 0,
    files: 0,
  };
  return {
    id: job.id,
    // A held job is still being uploaded: to its owner, it waits like a queued one.
    status: (job.status === 'held' ? 'queued' : job.status) as ImportJob['status'],
    processed: job.processed,
    total: job.total,
    created: counts,
    errors: job.errors,
  };
}

/**
 * `rows` in runs of at most BATCH rows and BATCH_TEXT characters of text (a row longer than that
 * goes alone), so no transaction of an import holds much text (docs/api.md, "Import").
 */
function* slices<T>(rows: T[], textOf: (row: T) => number): Generator<T[]> {
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
