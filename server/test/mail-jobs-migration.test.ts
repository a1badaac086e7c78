import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client';
import { forDrizzle } from '../src/db/pglite-parsers';
import * as schema from '../src/db/schema';
import { MailQueue, type QueuedMail } from '../src/mail/mail-queue';
import { TestClock } from './helpers';

/** The migration that moved `mail_queue` into `jobs` (decision 204). */
const MOVE = '0013_mails-as-jobs';

/** A copy of the migrations folder that ends just before `tag`: the database as it was. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-migrations-'));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** An empty database (PGlite, or a new one on TEST_DATABASE_URL) that migrates on demand. */
async function emptyDatabase(): Promise<{
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await forDrizzle(new PGlite());
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `cw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe(`migration ${MOVE}: mails waiting in mail_queue become mail jobs`, () => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;
  beforeAll(async () => {
    target = await emptyDatabase();
    before = migrationsBefore(MOVE);
  });
  afterAll(async () => {
    await target.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps each pending mail with its tries, due time and age, and the queue sends them', async () => {
    const clock = new TestClock();
    const asked = new Date(clock.now().getTime() - 60_000);
    const retry = new Date(clock.now().getTime() + 30_000);
    await target.migrate(before);
    await target.db.execute(sql`
      insert into mail_queue (recipient, purpose, attempts, subject_id, run_after, locked_until, created_on)
      values ('ada@example.com', 'login', 0, null, ${asked}, null, ${asked}),
             ('bob@example.com', 'invitation', 2, 42, ${retry}, null, ${asked})`);

    await target.migrate(migrationsFolder());

    const moved = await target.db
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.kind} = 'mail'`)
      .orderBy(schema.jobs.id);
    expect(
      moved.map(({ status, payload, attempts, runAfter, createdOn, leaseUntil }) => ({
        status,
        payload,
        attempts,
        runAfter: runAfter?.getTime(),
        createdOn: createdOn.getTime(),
        leaseUntil,
      })),
    ).toEqual([
      {
        status: 'queued',
        payload: { recipient: 'ada@example.com', purpose: 'login', subjectId: null },
        attempts: 0,
        runAfter: asked.getTime(),
        createdOn: asked.getTime(),
        leaseUntil: null,
      },
      {
        status: 'queued',
        payload: { recipient: 'bob@example.com', purpose: 'invitation', subjectId: 42 },
        attempts: 2,
        runAfter: retry.getTime(),
        createdOn: asked.getTime(),
        leaseUntil: null,
      },
    ]);
    const table = await target.db.execute(sql`select to_regclass('mail_queue')::text as name`);
    expect((table as unknown as { rows: { name: string | null }[] }).rows).toEqual([
      { name: null },
    ]);

    // The worker reads them as it reads mails queued today: the due one now, the other at its time.
    const sent: Pick<QueuedMail, 'recipient' | 'purpose' | 'subjectId' | 'attempts'>[] = [];
    const queue = new MailQueue({
      db: target.db,
      now: clock.now,
      deliver: async ({ recipient, purpose, subjectId, attempts }) => {
        sent.push({ recipient, purpose, subjectId, attempts });
      },
    });
    await queue.drain();
    expect(sent).toEqual([
      { recipient: 'ada@example.com', purpose: 'login', subjectId: null, attempts: 1 },
    ]);
    clock.advance(31_000);
    await queue.drain();
    expect(sent.at(-1)).toEqual({
      recipient: 'bob@example.com',
      purpose: 'invitation',
      subjectId: 42,
      attempts: 3,
    });
    expect(
      await target.db
        .select()
        .from(schema.jobs)
        .where(sql`${schema.jobs.kind} = 'mail'`),
    ).toEqual([]);
  });
});
