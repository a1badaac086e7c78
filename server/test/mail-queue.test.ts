import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { jobs } from '../src/db/schema';
import {
  MAIL_JOB,
  MailQueue,
  mailJobsTo,
  QueuedMails,
  retryDelayMs,
  type QueuedMail,
} from '../src/mail/mail-queue';
import type { MailMessage } from '../src/mail/mailer';
import { signedInUser } from './factories';
import { call } from './auth-support';
import {
  createTestApp,
  createTestDatabase,
  TEST_SECRET,
  TestClock,
  type TestContext,
} from './helpers';

const A = '/api/auth';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('code mails through the queue (decisions 029, 204)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('go out after the answer: a mail server that hangs does not hold the call', async () => {
    const u = await signedInUser(ctx);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const send = ctx.outbox.send;
    ctx.outbox.send = async (message: MailMessage) => {
      await gate;
      ctx.outbox.messages.push(message);
    };
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${A}/send-otp-reset-password/`,
        payload: { email: u.email },
      });
      expect(res.statusCode).toBe(200);
      expect(ctx.outbox.last(u.email)).toBeUndefined();
      open();
      await ctx.mailQueue.drain();
    } finally {
      ctx.outbox.send = send;
    }
    expect(ctx.outbox.last(u.email)?.subject).toMatch(/reset your/i);
  });

  it('survive a restart: a mail queued by a process that stopped goes out from the next one', async () => {
    const u = await signedInUser(ctx);
    await ctx.mailQueue.stop();
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${A}/send-otp-reset-password/`,
        payload: { email: u.email },
      });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ctx.outbox.last(u.email)).toBeUndefined();
      const restarted = await buildApp({
        config: ctx.config,
        database: ctx.database,
        mailer: ctx.outbox,
        secret: TEST_SECRET,
        now: ctx.clock.now,
      });
      try {
        await restarted.ready();
        await restarted.mailQueue.drain();
      } finally {
        await restarted.close();
      }
    } finally {
      ctx.mailQueue.start();
    }
    const reset = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email), new_password: 'after-restart' },
    });
    expect(reset.status).toBe(200);
  });

  it('send nothing for an unknown address or a verified account, and leave no row behind', async () => {
    const u = await signedInUser(ctx);
    await call(ctx, 'POST', `${A}/send-otp/`, { body: { email: u.email } });
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: 'nobody-here@example.com' },
    });
    expect(ctx.outbox.last(u.email)).toBeUndefined();
    expect(ctx.outbox.last('nobody-here@example.com')).toBeUndefined();
    expect(await ctx.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).toEqual([]);
  });
});

describe('the mail queue worker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const worker = (
    clock: TestClock,
    deliver: (mail: QueuedMail) => Promise<void>,
    options: { maxAttempts?: number } = {},
  ) => new MailQueue({ db: database.db, now: clock.now, deliver, ...options });

  async function queue(clock: TestClock, count: number, recipient = 'a@example.com') {
    const rows = new QueuedMails(database.db);
    for (let i = 0; i < count; i += 1) {
      await rows.enqueue({ recipient, purpose: 'login', at: clock.now() });
    }
  }
  const rowsOf = (recipient: string) =>
    database.db.select().from(jobs).where(mailJobsTo(recipient));

  it('retries a failed mail with back-off, then gives it up', async () => {
    const clock = new TestClock();
    let tries = 0;
    const q = worker(
      clock,
      async () => {
        tries += 1;
        throw new Error('SMTP down');
      },
      { maxAttempts: 3 },
    );
    await queue(clock, 1, 'retry@example.com');
    await q.drain();
    expect(tries).toBe(1);
    const [first] = await rowsOf('retry@example.com');
    expect(first?.attempts).toBe(1);
    expect(first?.status).toBe('queued');
    expect(first?.leaseUntil).toBeNull();
    expect((first?.runAfter?.getTime() ?? 0) - clock.now().getTime()).toBeGreaterThan(4 * SECOND);
    await q.drain();
    expect(tries).toBe(1);
    clock.advance(retryDelayMs(1));
    await q.drain();
    expect(tries).toBe(2);
    clock.advance(retryDelayMs(2));
    await q.drain();
    expect(tries).toBe(3);
    expect(await rowsOf('retry@example.com')).toEqual([]);
    expect(retryDelayMs(1)).toBe(5 * SECOND);
    expect(retryDelayMs(2)).toBe(10 * SECOND);
    expect(retryDelayMs(20)).toBe(10 * MINUTE);
  });

  it('never sends one mail twice when two workers drain at once', async () => {
    const clock = new TestClock();
    const sent: number[] = [];
    const deliver = async (mail: QueuedMail) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(mail.id);
    };
    await queue(clock, 23, 'twice@example.com');
    await Promise.all([worker(clock, deliver).drain(), worker(clock, deliver).drain()]);
    expect(sent).toHaveLength(23);
    expect(new Set(sent).size).toBe(23);
    expect(await rowsOf('twice@example.com')).toEqual([]);
  });

  it('takes over the mails of a worker that died once its claim has run out', async () => {
    const clock = new TestClock();
    await queue(clock, 1, 'died@example.com');
    // A worker claimed it (one attempt, a lease of 2 minutes) and died without a word.
    const [claimed] = await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: sql`now() + interval '2 minutes'` })
      .where(mailJobsTo('died@example.com'))
      .returning();
    expect(claimed).toBeDefined();
    const sent: string[] = [];
    const q = worker(clock, async (mail) => {
      sent.push(mail.recipient);
    });
    await q.drain();
    expect(sent).toEqual([]);
    // Its lease runs out (leases are on the database's clock: decision 135).
    await database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, claimed!.id));
    await q.drain();
    expect(sent).toEqual(['died@example.com']);
    expect(await rowsOf('died@example.com')).toEqual([]);
  });

  it('gives up a mail asked for more than an hour ago instead of sending it late', async () => {
    const clock = new TestClock();
    await queue(clock, 1, 'late@example.com');
    clock.advance(61 * MINUTE);
    const sent: string[] = [];
    await worker(clock, async (mail) => {
      sent.push(mail.recipient);
    }).drain();
    expect(sent).toEqual([]);
    expect(await rowsOf('late@example.com')).toEqual([]);
  });

  it('sends at start what is left, then what a call queued once its answer has gone out', async () => {
    const clock = new TestClock();
    const sent: string[] = [];
    const q = worker(clock, async (mail) => {
      sent.push(mail.recipient);
    });
    const until = async (count: number) => {
      for (let i = 0; i < 100 && sent.length < count; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await queue(clock, 1, 'left@example.com');
    q.start();
    await until(1);
    expect(sent).toEqual(['left@example.com']);
    await queue(clock, 2, 'kick@example.com');
    q.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    q.answered();
    await until(3);
    await q.stop();
    expect(sent).toEqual(['left@example.com', 'kick@example.com', 'kick@example.com']);
  });
});
