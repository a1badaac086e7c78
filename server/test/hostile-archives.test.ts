import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ImportJob } from '@cw/contract';
import { collections, contents, files, jobs, notes } from '../src/db/schema';
import { MESSAGES } from '../src/library/import-export/import-archive';
import { limitsForArchive } from '../src/library/import-export/import-reader';
import { slowestHealthWhile } from './health-support';
import { createTestApp, type TestContext } from './helpers';
import { declaringSize, modestlyCompressible, PNG, zipOf } from './import-fixtures';
import { signedInCaller, uploadImport, type Caller } from './library-helpers';

/**
 * Archives built to take the server down, from a hostile probe (docs/operations.md, "Background jobs";
 * decision 185). Each import runs while /api/health is asked every few milliseconds: an archive
 * may fail, but the server must keep answering, within 1 s, and keep nothing of a failed import.
 */

const HEALTH_MAX_MS = 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    importMaxBytes: 48 * 1024 * 1024,
    storageQuotaBytes: 64 * 1024 * 1024,
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const upload = (caller: Caller, bytes: Buffer) => uploadImport(ctx, caller, bytes);

/** Uploads, runs the job while health is watched, and answers the job and the slowest health. */
async function importWatched(caller: Caller, bytes: Buffer) {
  const started = await upload(caller, bytes);
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json<ImportJob>();
  const slowest = await slowestHealthWhile(ctx, ctx.jobs.runDue());
  const job = (await caller.get(`/api/import/${id}/`)).json<ImportJob>();
  return { job, slowest };
}

async function rowsOf(userId: number) {
  const db = ctx.database.db;
  const n = async (table: typeof collections | typeof contents | typeof notes | typeof files) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  return [await n(collections), await n(contents), await n(notes), await n(files)];
}

function storedFiles(): number {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp')).length;
}

/** Sixty notes, then an attachment of `real` bytes whose headers declare `declared`. */
async function lyingAttachment(real: number, declared: number): Promise<Buffer> {
  const entries: Record<string, string | Buffer> = {};
  for (let i = 0; i < 60; i++) entries[`Vault/note-${i}.md`] = `Note ${i}\n\n![[clip.bin]]\n`;
  entries['Vault/clip.bin'] = modestlyCompressible(real);
  return declaringSize(await zipOf(entries), real, declared);
}

describe('one crafted zip kills the server process', () => {
  it('an attachment that inflates to 2 MB while its headers say 10 bytes fails the job, keeps nothing of it, and the server keeps answering', async () => {
    const eve = await signedInCaller(ctx);
    const before = storedFiles();
    const { job, slowest } = await importWatched(eve, await lyingAttachment(2 * 1024 * 1024, 10));
    expect(job.status).toBe('failed');
    expect(job.errors).toContainEqual({ path: 'Vault/clip.bin', message: MESSAGES.damaged });
    expect(await rowsOf(eve.id)).toEqual([0, 0, 0, 0]);
    expect(storedFiles()).toBe(before);
    expect(slowest).toBeLessThan(HEALTH_MAX_MS);
    // Over and over: the process is still the same and still answers.
    const again = await importWatched(eve, await lyingAttachment(2 * 1024 * 1024, 10));
    expect(again.job.status).toBe('failed');
    expect((await eve.get('/api/collections/list/')).statusCode).toBe(200);
  }, 120_000);

  it('an attachment that inflates to fewer bytes than its headers say fails the job too', async () => {
    const eve = await signedInCaller(ctx);
    const { job } = await importWatched(eve, await lyingAttachment(5000, 9000));
    expect(job.status).toBe('failed');
    expect(job.errors).toContainEqual({ path: 'Vault/clip.bin', message: MESSAGES.damaged });
    expect(await rowsOf(eve.id)).toEqual([0, 0, 0, 0]);
  }, 60_000);
});

describe('one small import freezes the server for everyone', () => {
  const heavy: [string, string][] = [
    ['a 120 KB line of `![[`', '![['.repeat(40_000)],
    ['a 120 KB line of `![](`', '![]('.repeat(30_000)],
    ['a 120 KB line of `![a](x`', '![a](x'.repeat(20_000)],
    ['a 120 KB line of `![[a|`', '![[a|'.repeat(24_000)],
    ['a 120 KB line of `[`', '['.repeat(120_000)],
    ['front matter of `\\n---` and spaces', `---\n${'\n---    '.repeat(15_000)}`],
  ];
  it.each(heavy)(
    '%s: /api/health answers within 1 s while it is imported',
    async (_what, line) => {
      const zoe = await signedInCaller(ctx);
      // Stored, not deflated: so repetitive a note would pass the 20 × ratio otherwise.
      const zip = await zipOf(
        { 'Vault/heavy.md': `${line}\n`, 'Vault/clip.png': PNG },
        { compress: false },
      );
      const { job, slowest } = await importWatched(zoe, zip);
      expect(job.status, JSON.stringify(job.errors)).toBe('done');
      expect(job.created.content).toBe(1);
      expect(slowest).toBeLessThan(HEALTH_MAX_MS);
    },
    60_000,
  );

  it('ten ordinary notes of 3.9 MB: /api/health answers within 1 s while they are imported', async () => {
    const zoe = await signedInCaller(ctx);
    const entries: Record<string, Buffer> = {};
    for (let i = 0; i < 10; i++) {
      const text = modestlyCompressible(3.9 * 1024 * 1024);
      // Words and lines, as notes have.
      for (let at = 7; at < text.length; at += 8) text[at] = at % 640 === 7 ? 0x0a : 0x20;
      entries[`Vault/long-${i}.md`] = text;
    }
    const { job, slowest } = await importWatched(zoe, await zipOf(entries));
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    expect(job.created.content).toBe(10);
    expect(slowest).toBeLessThan(HEALTH_MAX_MS);
  }, 180_000);
});

describe('an import over its worker’s limits', () => {
  /** Imports `zip` on an app of its own with these worker limits; the job as it ended. */
  async function importLimited(
    overrides: Parameters<typeof createTestApp>[0],
    zip: Buffer,
  ): Promise<{ job: ImportJob; contentRows: number; healthy: boolean }> {
    const app = await createTestApp(overrides);
    try {
      const amy = await signedInCaller(app);
      const started = await uploadImport(app, amy, zip);
      expect(started.statusCode).toBe(202);
      await app.jobs.runDue();
      const job = (await amy.get(`/api/import/${started.json<ImportJob>().id}/`)).json<ImportJob>();
      const [row] = await app.database.db
        .select({ n: count() })
        .from(contents)
        .where(eq(contents.userId, amy.id));
      const health = await app.app.inject({ method: 'GET', url: '/api/health' });
      return { job, contentRows: row!.n, healthy: health.statusCode === 200 };
    } finally {
      await app.close();
      fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    }
  }

  it('fails with a clear error when it computes longer than its budget, and keeps nothing', async () => {
    const { job, contentRows, healthy } = await importLimited(
      { importWorker: { cpuMs: 1, wallMs: 60_000, memoryMb: 512 } },
      await zipOf({ 'Vault/a.md': 'Hello #tag\n'.repeat(20_000) }, { compress: false }),
    );
    expect(job.status).toBe('failed');
    expect(job.errors).toEqual([{ path: '', message: MESSAGES.tooSlow }]);
    expect(contentRows).toBe(0);
    expect(healthy).toBe(true);
  }, 60_000);

  it('gives a legitimate large archive a budget grown with its size, and a small one the base (decision 257)', () => {
    const base = { cpuMs: 60_000, wallMs: 600_000, memoryMb: 1024 };
    const mb = 1024 ** 2;
    // A few KB of hostile text: the base budget, no more (the test above is refused at it).
    expect(limitsForArchive(base, 4096).cpuMs).toBeLessThan(60_005);
    // The largest account's export at 100,000 items (44.8 MB, read in about 19 s of compute):
    // 60 s + 1 s a MB, and the wall time in the same ratio.
    const big = limitsForArchive(base, 44.8 * mb);
    expect(big.cpuMs).toBe(104_800);
    expect(big.wallMs).toBe(1_048_000);
    expect(big.memoryMb).toBe(1024);
    // However large, at most ten times the base.
    expect(limitsForArchive(base, 2000 * mb)).toMatchObject({ cpuMs: 600_000, wallMs: 6_000_000 });
    expect(limitsForArchive({ ...base, cpuMs: 1 }, 44.8 * mb).cpuMs).toBe(10);
  });

  it('fails with a clear error when it needs more memory than its cap, and the server keeps answering', async () => {
    const entries: Record<string, Buffer> = {};
    for (let i = 0; i < 12; i++) entries[`Vault/n-${i}.md`] = modestlyCompressible(3_000_000);
    const { job, contentRows, healthy } = await importLimited(
      {
        importMaxBytes: 64 * 1024 * 1024,
        importWorker: { cpuMs: 60_000, wallMs: 60_000, memoryMb: 16 },
      },
      await zipOf(entries),
    );
    expect(job.status).toBe('failed');
    expect(job.errors).toEqual([{ path: '', message: MESSAGES.memory }]);
    expect(contentRows).toBe(0);
    expect(healthy).toBe(true);
  }, 60_000);
});

describe('queued imports have no limit', () => {
  it('a person has at most 3 imports queued or running: a 4th is a 429 that stores nothing; once one ends, another is taken', async () => {
    const ian = await signedInCaller(ctx);
    const zip = await zipOf({ 'Vault/a.md': 'Hello\n' });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => upload(ian, zip)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      detail: 'You have 3 imports under way. Wait for one to finish, then try again.',
      code: 'too_many_imports',
    });
    const [held] = await ctx.database.db
      .select({ n: count() })
      .from(jobs)
      .where(eq(jobs.userId, ian.id));
    expect(held!.n).toBe(3);
    // Someone else is not held back by Ian's imports.
    const other = await signedInCaller(ctx);
    expect((await upload(other, zip)).statusCode).toBe(202);
    await ctx.jobs.runDue();
    expect((await upload(ian, zip)).statusCode).toBe(202);
    await ctx.jobs.runDue();
  }, 120_000);
});
