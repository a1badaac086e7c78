import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import * as schema from '../src/db/schema';
import { MailQueue, type QueuedMail } from '../src/mail/mail-queue';
import { TestClock } from './helpers';
import { emptyDatabase, migrationsBefore } from './migration-support';

/** The migration that moved `mail_queue` into `jobs` (decision 204). */
const MOVE = '0013_mails-as-jobs';

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
