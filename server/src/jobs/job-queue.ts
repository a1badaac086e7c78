import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { JobHandler, JobKindOptions, JobRow } from './job-claims';
import { insertJob, JobHolds, type NewJob } from './job-holds';
import { claimJob, JobRunner, type JobKind } from './job-runs';

export * from './job-claims';
export { insertJob, type NewJob } from './job-holds';

/** How often an idle worker looks for due jobs, unless told otherwise. */
const POLL_MS = 2_000;
/** How long closing the app waits for a running job. */
const STOP_WAIT_MS = 5_000;

export interface JobQueueOptions {
  /** The app's clock, against which a job's `runAfter` is read (tests move it forward). */
  now?: () => Date;
  /** How often an idle worker looks for due jobs (besides being kicked). */
  pollMs?: number;
  /**
   * `kick()` only asks for a round, run once the answer under way has gone out (`answered()`,
   * from the app's onResponse hook): the work never competes with an answer (the mail queue).
   */
  afterAnswer?: boolean;
}

/**
 * The background jobs of docs/operations.md ("Background jobs"; decision 133): rows in `jobs`
 * that any instance may claim. A claim is one statement, `UPDATE … WHERE id = (SELECT … FOR
 * UPDATE SKIP LOCKED LIMIT 1)`, that takes a queued job that is due or one whose lease has run
 * out (its worker died: kill -9, a crash, a lost machine) and counts an attempt; the worker
 * renews the lease every quarter of it while it works. Handlers see `attempts`: more than one
 * means a worker was cut off before (or, for a kind that tries again, that a try failed), and
 * the handler decides whether to resume, try again (`TryAgainLater`) or clean up and fail. Every
 * write a worker makes to its job is fenced by its claim (`heldBy`): a worker that stalled past
 * its lease and lost the job to another changes nothing (decision 135).
 *
 * One job at a time per queue: each queue claims only the kinds it handles, so the app runs one
 * queue for imports and purges and one for mails (decision 204), and a long import never holds
 * up a sign-in code.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobKind>();
  private readonly worker: JobRunner;
  private readonly holds: JobHolds;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly afterAnswer: boolean;
  private timer: NodeJS.Timeout | undefined;
  /** The rounds, one after the other: a round claims and runs jobs until none is due. */
  private running: Promise<void> = Promise.resolve();
  private stopped = true;
  /** A round is asked for and has not started yet (kicks in the meantime add none). */
  private pending = false;
  /** A kick waits for the answer under way (afterAnswer). */
  private roundWanted = false;

  /**
   * `leaseSeconds`: how long a claim holds before another worker may take the job
   * (JOB_LEASE_SECONDS, default 120); renewed every quarter of it while the job runs.
   */
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds = 120,
    options: JobQueueOptions = {},
  ) {
    this.holds = new JobHolds(db, log, leaseSeconds);
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? POLL_MS;
    this.afterAnswer = options.afterAnswer ?? false;
    this.worker = new JobRunner(db, log, leaseSeconds, this.now);
  }

  /** Whether kicks wait for the answer under way (`runJobQueue` then tells it of each one). */
  get waitsForAnswers(): boolean {
    return this.afterAnswer;
  }

  handle(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
    this.handlers.set(kind, { run: handler, keepEnded: options.keepEnded ?? true });
  }

  /**
   * A job not yet due, held by the caller while it prepares the payload (an import's upload is
   * stored; decision 135): the row names what the preparation writes, so a process that dies
   * mid-way leaves a row, not orphans. The holder keeps the lease with `keepHeld`, then `release`s
   * (queues) or `drop`s it. A held job whose lease lapsed is claimed as a second attempt: its
   * handler cleans up as after any cut-off worker.
   */
  async hold(values: {
    kind: string;
    userId?: number;
    payload?: Record<string, unknown>;
  }): Promise<JobRow>;
  /**
   * With `openMax` (and a `userId`): only while the person has fewer than `openMax` jobs of this
   * kind held, queued or running; otherwise nothing is written and the answer is undefined. The
   * person's row is locked while counting, so two calls at once cannot both take the last place.
   */
  async hold(values: {
    kind: string;
    userId: number;
    payload?: Record<string, unknown>;
    openMax: number;
  }): Promise<JobRow | undefined>;
  async hold(values: {
    kind: string;
    userId?: number;
    payload?: Record<string, unknown>;
    openMax?: number;
  }): Promise<JobRow | undefined> {
    return this.holds.hold(values);
  }

  /** Renews a held job's lease every quarter of it until `stop` is called. */
  keepHeld(id: number): () => void {
    return this.holds.keepHeld(id);
  }

  /** Queues a held job with its payload completed; undefined when the hold was lost. */
  async release(id: number, payload: Record<string, unknown>): Promise<JobRow | undefined> {
    const row = await this.holds.release(id, payload);
    if (row) this.kick();
    return row;
  }

  /** Deletes a held job (its preparation failed, and the holder cleaned up). */
  async drop(id: number): Promise<void> {
    await this.holds.drop(id);
  }

  /** Queues a job; a job with a `runKey` already queued or done is not queued twice. */
  async enqueue(values: NewJob): Promise<JobRow | undefined> {
    const row = await insertJob(this.db, values);
    this.kick();
    return row;
  }

  /** Deletes finished jobs of `kind` older than `seconds`. */
  async forget(kind: string, seconds: number): Promise<void> {
    await this.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          inArray(jobs.status, ['done', 'failed']),
          lt(jobs.createdOn, sql`now() - make_interval(secs => ${seconds})`),
        ),
      );
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.runSoon(), this.pollMs);
    this.timer.unref();
    this.runSoon();
  }

  /**
   * Stops claiming. A job still running gets a few seconds; past them the process may end under
   * it, and its lease runs out, so the next instance (or this one restarted) takes it again.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.roundWanted = false;
    clearInterval(this.timer);
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS))]);
  }

  /**
   * Runs due jobs one after another until none is left (one at a time per queue); with
   * `afterAnswer`, once the answer under way has gone out.
   */
  kick(): void {
    if (this.stopped) return;
    if (this.afterAnswer) this.roundWanted = true;
    else this.runSoon();
  }

  /** An answer has gone out: runs the round a kick asked for, if any. */
  answered(): void {
    if (!this.roundWanted) return;
    this.roundWanted = false;
    setImmediate(() => this.runSoon());
  }

  /** For tests: every due job run to its end (after the round under way, if any). */
  runDue(): Promise<void> {
    return this.round();
  }

  private runSoon(): void {
    if (this.stopped || this.pending) return;
    this.pending = true;
    void this.round(() => {
      this.pending = false;
    });
  }

  /** One more round, after the one under way: a kick during a round is never lost. */
  private round(starting?: () => void): Promise<void> {
    const run = this.running.then(() => {
      starting?.();
      return this.drain();
    });
    this.running = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped && this.timer !== undefined) return;
      let job: JobRow | undefined;
      try {
        job = await claimJob(this.db, [...this.handlers.keys()], this.now(), this.leaseSeconds);
      } catch (err) {
        this.log.error({ err }, 'jobs: claiming failed; the next round tries again');
        return;
      }
      if (!job) return;
      await this.worker.run(job, this.handlers.get(job.kind));
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs' worker (tests: `await app.jobs.runDue()`). */
    jobs: JobQueue;
  }
}

/**
 * The app's job worker: started when the app is ready, stopped (its job given time) on close;
 * a queue whose kicks wait for the answer hears of every answer that has gone out.
 */
export function runJobQueue(app: FastifyInstance, queue: JobQueue): void {
  app.addHook('onReady', async () => queue.start());
  if (queue.waitsForAnswers) {
    // A callback hook, not an async one: it runs after every answer (bench/README.md, "Floors").
    app.addHook('onResponse', (_request, _reply, done) => {
      queue.answered();
      done();
    });
  }
  app.addHook('onClose', async () => queue.stop());
}
