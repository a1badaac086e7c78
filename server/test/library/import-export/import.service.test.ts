import fs from 'node:fs';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRemovals, files, jobs } from '../../../src/db/schema';
import { JobQueue } from '../../../src/jobs/job-queue';
import { ImportService } from '../../../src/library/import-export/import.service';
import type { UploadPart } from '../../../src/library/shared/upload-parts';
import type { FileStorage } from '../../../src/storage/file-storage';
import { createTestApp, type TestContext } from '../../helpers';
import { PNG, writingRoomVault, zipOf } from '../../import-fixtures';
import { signedInCaller } from '../../library-helpers';
import { libraryRowsOf, storedFilesOf } from '../../stored-rows';
import { asCaller, libraryServices, statusOf } from '../services';

/**
 * The import service against the real database, without HTTP (docs/api.md, "Import"): a file
 * store that fails half-way through an import, and imports started at once. The routes' own
 * tests are in import.test.ts.
 */
let ctx: TestContext;
let services: ReturnType<typeof libraryServices>;

/** The disk store, except that the write numbered `failAt` (1-based) and every later one fail. */
class FailingStorage implements FileStorage {
  writes = 0;
  failAt = Number.POSITIVE_INFINITY;
  constructor(private readonly inner: FileStorage) {}
  newKey(): string {
    return this.inner.newKey();
  }
  async write(key: string, stream: Readable, maxBytes: number): Promise<number> {
    this.writes += 1;
    if (this.writes >= this.failAt) {
      stream.resume();
      throw new Error('the file store is gone');
    }
    return this.inner.write(key, stream, maxBytes);
  }
  open(key: string): Promise<Readable> {
    return this.inner.open(key);
  }
  remove(key: string): Promise<void> {
    return this.inner.remove(key);
  }
  check(): Promise<void> {
    return this.inner.check();
  }
}

/** An import service of its own queue and store, wired as library.plugin.ts wires the app's. */
function importService(storage: FileStorage) {
  const queue = new JobQueue(ctx.database.db, ctx.app.log, 120);
  const service = new ImportService(
    services.store,
    storage,
    services.removals,
    queue,
    {
      importMaxBytes: ctx.config.importMaxBytes,
      storageQuotaBytes: ctx.config.storageQuotaBytes,
      worker: ctx.config.importWorker,
    },
    ctx.app.log,
    async (caller, id, values) => {
      await services.contents.update(caller, id, {
        title: values.title,
        content: values.content,
        publish_on: values.publishOn,
      });
    },
  );
  return { queue, service };
}

async function* archive(bytes: Buffer): AsyncIterable<UploadPart> {
  yield {
    type: 'file',
    fieldname: 'file',
    filename: 'vault.zip',
    mimetype: 'application/zip',
    file: Readable.from([bytes]),
  };
}

const rowsOf = (userId: number) => libraryRowsOf(ctx, userId);
const storedFiles = () => storedFilesOf(ctx);

beforeAll(async () => {
  ctx = await createTestApp();
  services = libraryServices(ctx);
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

describe('ImportService with a file store that fails half-way', () => {
  it('an attachment that cannot be stored ends the import failed, with nothing of it left', async () => {
    const person = await signedInCaller(ctx);
    const storage = new FailingStorage(services.storage);
    const { queue, service } = importService(storage);
    const before = storedFiles();
    // Write 1 is the uploaded archive, 2 the vault's picture, 3 its PDF: the store goes at 3.
    storage.failAt = 3;
    const started = await service.start(asCaller(person), archive(await zipOf(writingRoomVault())));
    expect(started.status).toBe('queued');
    await queue.runDue();

    expect(storage.writes).toBe(3);
    const job = await service.get(asCaller(person), started.id);
    expect(job.status).toBe('failed');
    // All or nothing: no row and no byte of the import, not even the uploaded archive.
    expect(await rowsOf(person.id)).toEqual({
      collections: 0,
      contents: 0,
      notes: 0,
      tags: 0,
      files: 0,
    });
    expect(storedFiles()).toEqual(before);
    expect(await ctx.database.db.select().from(fileRemovals)).toEqual([]);
  });

  it('the same archive imports whole once the store is back', async () => {
    const person = await signedInCaller(ctx);
    const storage = new FailingStorage(services.storage);
    const { queue, service } = importService(storage);
    storage.failAt = 2;
    const bytes = await zipOf(writingRoomVault());
    const failed = await service.start(asCaller(person), archive(bytes));
    await queue.runDue();
    expect((await service.get(asCaller(person), failed.id)).status).toBe('failed');

    storage.failAt = Number.POSITIVE_INFINITY;
    const again = await service.start(asCaller(person), archive(bytes));
    await queue.runDue();
    const job = await service.get(asCaller(person), again.id);
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    expect(job.created).toMatchObject({ content: 4, files: 2 });
    expect(await rowsOf(person.id)).toMatchObject({ contents: 4, files: 2 });
    // The picture was stored whole (its bytes as in the archive) and measured.
    const [picture] = await ctx.database.db
      .select({ width: files.width, height: files.height, size: files.size })
      .from(files)
      .where(and(eq(files.userId, person.id), eq(files.name, 'desk-setup.png')));
    expect(picture).toMatchObject({ size: PNG.length });
    expect(picture!.width).toBeGreaterThan(0);
    expect(picture!.height).toBeGreaterThan(0);
  });
});

describe('ImportService with imports started at once', () => {
  it('four at once from one person: three are queued, the fourth is refused and stores nothing', async () => {
    const person = await signedInCaller(ctx);
    const { service } = importService(services.storage);
    const bytes = await zipOf(writingRoomVault());
    const before = storedFiles().length;
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map(() => service.start(asCaller(person), archive(bytes))),
    );
    expect(outcomes.map(statusOf).sort()).toEqual([200, 200, 200, 429]);
    // The three queued uploads are stored; the refused one left no bytes.
    expect(storedFiles().length).toBe(before + 3);
    const held = await ctx.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.userId, person.id));
    expect(held.map((row) => row.status)).toEqual(['queued', 'queued', 'queued']);
  });
});
