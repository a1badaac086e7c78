import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '@cw/contract';
import { AppError, notFound, validationFailed } from '../../http/errors';
import { JobFailed, type JobQueue, type JobRow, type JobTools } from '../../jobs/job-queue';
import type { Caller } from '../../policy/caller';
import { FileTooLargeError, type FileStorage } from '../../storage/file-storage';
import type { FileRemovals } from '../../storage/file-removals';
import { asClientError, clientParts, type UploadPart } from '../shared/upload-parts';
import { ArchiveRefused } from './import-archive';
import { MARKDOWN_TOTAL_MAX_BYTES } from './import-read';
import { limitsForArchive, readArchiveInWorker, type ImportWorkerLimits } from './import-reader';
import { noneCreated, type CreatedIds } from './import.repository';
import { writePlan, type UpdateItem } from './import-writer';
import type { LibraryStore } from '../library-store';

export const IMPORT_JOB = 'import';
/** Imports one person may have queued or running at once; one more is a 429. */
export const IMPORTS_OPEN_MAX = 3;

/** Temporary copies of archives: `cw-import-{pid}-…` in the system's temporary directory. */
const TEMP_PREFIX = 'cw-import-';
/** A temporary folder without a pid in its name (older versions) is stale after this long. */
const TEMP_STALE_MS = 24 * 60 * 60 * 1000;

const INTERRUPTED = 'The import was interrupted; nothing of it was kept. Please try again.';
const TOO_MANY = `You have ${IMPORTS_OPEN_MAX} imports under way. Wait for one to finish, then try again.`;

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
    /** Saves a changed item of a second import as an edit (ContentsService.update). */
    private readonly updateItem: UpdateItem,
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
      const fileAllowance = Math.max(0, this.limits.storageQuotaBytes - used);
      const imported = await this.store.repos.imports.importedFilePaths(caller);
      // Read, checked, planned and unpacked in a worker thread (decision 185), with a compute
      // budget that grows with the archive (decision 257).
      const read = await readArchiveInWorker(
        {
          file,
          zipBytes: payload.size,
          maxTotal: this.limits.importMaxBytes * 4,
          maxText: Math.min(MARKDOWN_TOTAL_MAX_BYTES, this.limits.importMaxBytes),
          fileAllowance,
          imported,
          outDir: unpacked,
        },
        limitsForArchive(this.limits.worker, payload.size),
      );
      const { plan } = read;
      const total =
        plan.collections.length + plan.notes.length + plan.contents.length + plan.fileNames.size;
      await tools.report({ total, errors: plan.errors });
      const outcome = await writePlan(
        {
          store: this.store,
          storage: this.storage,
          updateItem: this.updateItem,
          fileAllowance,
        },
        job,
        caller,
        read,
        created,
        tools,
      );
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
          updated: outcome.updated,
          skipped: outcome.skipped,
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
    updated: typeof job.result.updated === 'number' ? job.result.updated : 0,
    skipped: typeof job.result.skipped === 'number' ? job.result.skipped : 0,
    errors: job.errors,
  };
}
