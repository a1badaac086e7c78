import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '@cw/contract';
import { AppError, notFound, validationFailed } from '../http/errors';
import {
  JobFailed,
  LeaseLost,
  type JobClaim,
  type JobQueue,
  type JobRow,
  type JobTools,
} from '../jobs/job-queue';
import type { Caller } from '../policy/caller';
import { FileTooLargeError, type FileStorage } from '../storage/file-storage';
import type { FileRemovals } from '../storage/file-removals';
import { asClientError, clientParts, type UploadPart } from './files.service';
import { ArchiveRefused, MESSAGES, openArchive, type Archive } from './import-archive';
import { isMarkdown, isSkipped, planImport, type ImportPlan } from './import-plan';
import { noneCreated, type CreatedIds } from './import.repository';
import type { LibraryStore } from './library-store';

export const IMPORT_JOB = 'import';
/** Rows written per transaction: progress moves, and no transaction holds the database long. */
const BATCH = 50;
/** A Markdown entry larger than this is left out (with an error by path). */
const MARKDOWN_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The plan holds every Markdown text in memory: together at most this, or IMPORT_MAX_BYTES if
 * smaller; an archive with more text fails as a whole (docs/api.md, "Import"; decision 136).
 */
export const MARKDOWN_TOTAL_MAX_BYTES = 256 * 1024 * 1024;

/** Temporary copies of archives: `cw-import-{pid}-…` in the system's temporary directory. */
const TEMP_PREFIX = 'cw-import-';
/** A temporary folder without a pid in its name (older versions) is stale after this long. */
const TEMP_STALE_MS = 24 * 60 * 60 * 1000;

const INTERRUPTED = 'The import was interrupted; nothing of it was kept. Please try again.';
const QUOTA = 'The files in the archive do not fit in your storage. Delete some files first.';

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
    private readonly limits: { importMaxBytes: number; storageQuotaBytes: number },
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
    });
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
    let archive: Archive | undefined;
    const created = noneCreated();
    try {
      await pipeline(await this.storage.open(payload.storageKey), fs.createWriteStream(file));
      archive = await openArchive(file, payload.size, this.limits.importMaxBytes * 4);
      const plan = await this.plan(
        archive,
        Math.min(MARKDOWN_TOTAL_MAX_BYTES, this.limits.importMaxBytes),
      );
      const total =
        plan.collections.length + plan.notes.length + plan.contents.length + plan.fileNames.size;
      await tools.report({ total, errors: plan.errors });
      await this.checkQuota(caller, archive, plan);
      await this.write(job, caller, archive, plan, created, tools);
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
      archive?.close();
      fs.rmSync(dir, { recursive: true, force: true });
      await this.undo(caller, noneCreated(), payload.storageKey);
    }
  }

  private async plan(archive: Archive, maxText: number): Promise<ImportPlan> {
    const texts = new Map<string, string>();
    const errors: { path: string; message: string }[] = [];
    let text = 0;
    for (const entry of archive.paths) {
      if (!isMarkdown(entry) || isSkipped(entry)) continue;
      const bytes = await archive.read(entry, MARKDOWN_MAX_BYTES);
      if (!bytes) {
        errors.push({ path: entry, message: 'The note is larger than 4 MB; it was left out.' });
        continue;
      }
      text += bytes.length;
      if (text > maxText) throw new ArchiveRefused(entry, MESSAGES.text(maxText));
      texts.set(entry, bytes.toString('utf8').replace(/^\uFEFF/, ''));
    }
    const manifest = archive.paths.includes('manifest.json')
      ? (await archive.read('manifest.json', 1024 * 1024))?.toString('utf8')
      : undefined;
    const plan = planImport(archive.paths, texts, manifest);
    plan.errors.unshift(...errors);
    return plan;
  }

  private async checkQuota(caller: Caller, archive: Archive, plan: ImportPlan): Promise<void> {
    let bytes = 0;
    for (const entry of plan.fileNames.keys()) bytes += archive.size(entry);
    const used = await this.store.repos.imports.storedBytes(caller);
    if (used + bytes > this.limits.storageQuotaBytes) {
      throw new JobFailed([{ path: '', message: QUOTA }]);
    }
  }

  private async write(
    claim: JobClaim,
    caller: Caller,
    archive: Archive,
    plan: ImportPlan,
    created: CreatedIds,
    tools: JobTools,
  ): Promise<void> {
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

    for (let at = 0; at < plan.collections.length; at += BATCH) {
      await batch(async (repos) => {
        const slice = plan.collections.slice(at, at + BATCH);
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
    for (let at = 0; at < plan.notes.length; at += BATCH) {
      await batch(async (repos) => {
        const slice = plan.notes.slice(at, at + BATCH);
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
    for (let at = 0; at < plan.contents.length; at += BATCH) {
      await batch(async (repos) => {
        const slice = plan.contents.slice(at, at + BATCH);
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
    const position = new Map(archive.paths.map((entry, at) => [entry, at]));
    const owners = fileOwners
      .filter((owner) => plan.fileNames.has(owner.entry))
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
        file.size = await this.storage.write(
          file.key,
          await archive.stream(file.entry),
          archive.size(file.entry),
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
