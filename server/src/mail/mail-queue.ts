import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { jobs } from '../db/schema';
import {
  insertJob,
  JobFailed,
  JobQueue,
  runJobQueue,
  TryAgainLater,
  type JobRow,
} from '../jobs/job-queue';

/** The job kind of a mail waiting to go out (decision 204). */
export const MAIL_JOB = 'mail';

/** A queued mail as its deliverer sees it: the job's payload, its attempts and its age. */
export interface QueuedMail {
  /** The job's id. */
  id: number;
  /** The address as typed (normalised); it may have no account: the worker then sends nothing. */
  recipient: string;
  /** 'verify_email' | 'login' | 'reset_password' | 'invitation' */
  purpose: string;
  /** What the mail is about, by purpose: the membership id of an 'invitation'. */
  subjectId: number | null;
  /** Tries so far, counted when a worker claims the job. */
  attempts: number;
  createdOn: Date;
}

const mailOf = (job: JobRow): QueuedMail => {
  const { recipient, purpose, subjectId } = job.payload;
  return {
    id: job.id,
    recipient: String(recipient),
    purpose: String(purpose),
    subjectId: typeof subjectId === 'number' ? subjectId : null,
    attempts: job.attempts,
    createdOn: job.createdOn,
  };
};

/** The queued mails to `recipient`: gone with the account (account deletion). */
export const mailJobsTo = (recipient: string) =>
  and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'recipient' = ${recipient}`);

/**
 * Queues mails on `db`, the caller's transaction if it has one: the row names only the address,
 * the purpose and its subject; the code or link is made when the mail is sent, so none is ever
 * stored in clear (decision 029). `at` (the app's clock) dates it: a mail too old is given up.
 */
export class QueuedMails {
  constructor(private readonly db: Executor) {}

  async enqueue(values: {
    recipient: string;
    purpose: string;
    at: Date;
    subjectId?: number;
  }): Promise<void> {
    await insertJob(this.db, {
      kind: MAIL_JOB,
      payload: {
        recipient: values.recipient,
        purpose: values.purpose,
        subjectId: values.subjectId ?? null,
      },
      createdOn: values.at,
    });
  }
}

export interface MailQueueOptions {
  db: Database;
  /** The app clock: retries' waits and a mail's age use it. */
  now: () => Date;
  /**
   * Sends one queued mail, or nothing if there is nothing to send any more; throws when the
   * mail could not go out, and it is tried again later.
   */
  deliver: (mail: QueuedMail) => Promise<void>;
  /** Failures are logged (`mail queue: sending failed, …`); nothing is logged without one. */
  log?: FastifyBaseLogger;
  /** How long a claim keeps other workers away (JOB_LEASE_SECONDS, as every job's). */
  leaseSeconds?: number;
  /** How often the worker looks for due mails besides being kicked (real time). */
  pollMs?: number;
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
 * Mails as jobs of their own queue (decisions 029, 204): `kick()` after a commit that queued a
 * mail sends it once the answer has gone out; the queue also polls, so mails left by a restart
 * or a failure go out too. Claims, leases and fences are the jobs' own (jobs/job-queue.ts); a
 * queue of its own keeps a long import from holding up a sign-in code. What is mail's: who
 * delivers each purpose, the retries' back-off, and giving up a mail too old or tried too often.
 */
export class MailQueue {
  /** The mails' job queue (started and stopped with the app: `runJobQueue`). */
  readonly worker: JobQueue;
  private readonly log: FastifyBaseLogger;
  private readonly maxAttempts: number;
  private readonly maxAgeMs: number;
  /** Deliverers of other purposes than the constructor's (the library's invitations). */
  private readonly deliverers = new Map<string, (mail: QueuedMail) => Promise<void>>();

  constructor(private readonly options: MailQueueOptions) {
    this.log = options.log ?? pino({ enabled: false });
    this.maxAttempts = options.maxAttempts ?? 8;
    this.maxAgeMs = options.maxAgeMs ?? 60 * MINUTE;
    this.worker = new JobQueue(options.db, this.log, options.leaseSeconds ?? 120, {
      now: options.now,
      pollMs: options.pollMs ?? 5 * SECOND,
      afterAnswer: true,
    });
    // A mail's row names an address: it goes once the mail is sent or given up.
    this.worker.handle(MAIL_JOB, (job) => this.send(mailOf(job)), { keepEnded: false });
  }

  /** Mails of `purpose` go out through `deliver` instead of the default deliverer. */
  handle(purpose: string, deliver: (mail: QueuedMail) => Promise<void>): void {
    this.deliverers.set(purpose, deliver);
  }

  /** Asks for a round once the answer under way has gone out (`answered`). */
  kick(): void {
    this.worker.kick();
  }

  /** An answer has gone out: runs the round a call asked for, if any. */
  answered(): void {
    this.worker.answered();
  }

  start(): void {
    this.worker.start();
  }

  /** Stops the worker and waits for the mail under way (call before closing the database). */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Sends every mail due now: tests call it to read the mail a call queued. */
  drain(): Promise<void> {
    return this.worker.runDue();
  }

  private async send(mail: QueuedMail): Promise<void> {
    const { log } = this;
    if (this.options.now().getTime() - mail.createdOn.getTime() > this.maxAgeMs) {
      log.warn({ mailId: mail.id, purpose: mail.purpose }, 'mail queue: too old, given up');
      return;
    }
    try {
      await (this.deliverers.get(mail.purpose) ?? this.options.deliver)(mail);
    } catch (error) {
      const about = { err: error, mailId: mail.id, purpose: mail.purpose, attempts: mail.attempts };
      if (mail.attempts >= this.maxAttempts) {
        log.error(about, 'mail queue: sending failed, given up');
        throw new JobFailed([{ path: '', message: 'The mail could not be sent.' }]);
      }
      const delay = retryDelayMs(mail.attempts);
      log.warn({ ...about, delay }, 'mail queue: sending failed, will try again');
      throw new TryAgainLater(delay);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mails' worker (tests: `await app.mailQueue.drain()`). */
    mailQueue: MailQueue;
  }
}

/** Runs the mail queue with the app: `app.mailQueue`, started when ready, stopped on close. */
export function runMailQueue(app: FastifyInstance, queue: MailQueue): void {
  app.decorate('mailQueue', queue);
  runJobQueue(app, queue.worker);
}
