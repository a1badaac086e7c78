import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { mailQueue } from '../db/schema';

export type QueuedMail = typeof mailQueue.$inferSelect;

/** The `mail_queue` table's queries; `enqueue` may run inside the caller's transaction. */
export class QueuedMails {
  constructor(private readonly db: Executor) {}

  async enqueue(values: {
    recipient: string;
    purpose: string;
    at: Date;
    subjectId?: number;
  }): Promise<void> {
    await this.db.insert(mailQueue).values({
      recipient: values.recipient,
      purpose: values.purpose,
      subjectId: values.subjectId ?? null,
      runAfter: values.at,
      createdOn: values.at,
    });
  }

  /**
   * Claims up to `limit` due rows for this worker until `lockedUntil`, counting a try on each:
   * one statement, whose `FOR UPDATE SKIP LOCKED` makes concurrent workers (other processes on
   * the same PostgreSQL) take different rows.
   */
  async claimDue(now: Date, lockedUntil: Date, limit: number): Promise<QueuedMail[]> {
    const due = this.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          lte(mailQueue.runAfter, now),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailQueue.runAfter), asc(mailQueue.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailQueue)
      .set({ lockedUntil, attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(mailQueue).where(eq(mailQueue.id, id));
  }

  async retryAt(id: number, runAfter: Date): Promise<void> {
    await this.db
      .update(mailQueue)
      .set({ runAfter, lockedUntil: null })
      .where(eq(mailQueue.id, id));
  }
}

export interface MailQueueOptions {
  db: Database;
  /** The app clock: run times, back-off and claims use it. */
  now: () => Date;
  /**
   * Sends one queued mail, or nothing if there is nothing to send any more; throws when the
   * mail could not go out, and the row is tried again later.
   */
  deliver: (mail: QueuedMail) => Promise<void>;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often the worker looks for due rows besides being kicked (real time). */
  pollMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claim keeps other workers away (a worker that died frees its rows then). */
  leaseMs?: number;
  /** Tries before a mail is given up. */
  maxAttempts?: number;
  /** A mail older than this is given up instead of sent (a code asked for long ago). */
  maxAgeMs?: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** 5 s, 10 s, 20 s … after each failed try, at most 10 minutes. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(5 * SECOND * 2 ** Math.max(attempts - 1, 0), 10 * MINUTE);

/**
 * The worker of the mail queue (decision 029). `kick()` after a commit that queued a mail sends
 * it once the answer has gone out; a timer also polls, so rows left by a restart or a failure go
 * out too. Rounds never overlap within a process; across processes the row claims keep workers
 * apart.
 */
export class MailQueue {
  private readonly rows: QueuedMails;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly maxAgeMs: number;
  /** The rounds, one after the other. */
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private roundWanted = false;
  private pollPending = false;
  private running = false;
  /** Deliverers of other purposes than the constructor's (the library's invitations). */
  private readonly deliverers = new Map<string, (mail: QueuedMail) => Promise<void>>();

  constructor(private readonly options: MailQueueOptions) {
    this.rows = new QueuedMails(options.db);
    this.pollMs = options.pollMs ?? 5 * SECOND;
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? 2 * MINUTE;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.maxAgeMs = options.maxAgeMs ?? 60 * MINUTE;
  }

  /** Mails of `purpose` go out through `deliver` instead of the default deliverer. */
  handle(purpose: string, deliver: (mail: QueuedMail) => Promise<void>): void {
    this.deliverers.set(purpose, deliver);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.soon();
  }

  /** Stops the worker and waits for the round under way (call before closing the database). */
  async stop(): Promise<void> {
    this.running = false;
    this.roundWanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /**
   * Asks for a round once the answer under way has gone out (`answered`, from the app's
   * onResponse hook), so sending never competes with the answer; nothing when stopped.
   */
  kick(): void {
    if (this.running) this.roundWanted = true;
  }

  /** An answer has gone out: runs the round a call asked for, if any. */
  answered(): void {
    if (!this.roundWanted) return;
    this.roundWanted = false;
    this.soon();
  }

  /** Runs rounds until no row is due: tests call it to read the mail a call queued. */
  async drain(): Promise<void> {
    while ((await this.round()) > 0) {
      // Each round claims what is due now; a failed mail waits for its back-off.
    }
  }

  /** One round now (after the one under way); resolves to how many rows it claimed. */
  round(): Promise<number> {
    const run = this.chain.then(() => this.processDue());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private soon(): void {
    if (!this.running || this.pollPending) return;
    this.pollPending = true;
    setImmediate(() => {
      this.pollPending = false;
      void this.poll();
    });
  }

  private async poll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    try {
      while (this.running && (await this.round()) === this.batchSize) {
        // A full round: there may be more due at once.
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'mail queue: a round failed');
    }
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  private async processDue(): Promise<number> {
    const now = this.options.now();
    const claimed = await this.rows.claimDue(
      now,
      new Date(now.getTime() + this.leaseMs),
      this.batchSize,
    );
    for (const mail of claimed) await this.process(mail);
    return claimed.length;
  }

  private async process(mail: QueuedMail): Promise<void> {
    const { log } = this.options;
    const now = this.options.now();
    if (now.getTime() - mail.createdOn.getTime() > this.maxAgeMs) {
      log?.warn({ mailId: mail.id, purpose: mail.purpose }, 'mail queue: too old, given up');
      await this.rows.delete(mail.id);
      return;
    }
    try {
      await (this.deliverers.get(mail.purpose) ?? this.options.deliver)(mail);
    } catch (error) {
      if (mail.attempts >= this.maxAttempts) {
        log?.error(
          { err: error, mailId: mail.id, purpose: mail.purpose, attempts: mail.attempts },
          'mail queue: sending failed, given up',
        );
        await this.rows.delete(mail.id);
        return;
      }
      const delay = retryDelayMs(mail.attempts);
      log?.warn(
        { err: error, mailId: mail.id, purpose: mail.purpose, attempts: mail.attempts, delay },
        'mail queue: sending failed, will try again',
      );
      await this.rows.retryAt(mail.id, new Date(this.options.now().getTime() + delay));
      return;
    }
    await this.rows.delete(mail.id);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The code-mail queue's worker (tests: `await app.mailQueue.drain()`). */
    mailQueue: MailQueue;
  }
}

/**
 * Runs the worker while the app runs: started when it is ready, stopped when it closes, and
 * given its rounds when the answers that asked for them have gone out.
 */
export function runMailQueue(app: FastifyInstance, queue: MailQueue): void {
  app.decorate('mailQueue', queue);
  app.addHook('onReady', async () => queue.start());
  // A callback hook, not an async one: it runs after every answer (bench/README.md, "Floors").
  app.addHook('onResponse', (_request, _reply, done) => {
    queue.answered();
    done();
  });
  app.addHook('onClose', async () => queue.stop());
}
