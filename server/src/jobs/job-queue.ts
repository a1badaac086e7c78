import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { jobs, users } from '../db/schema';

/** How often an idle worker looks for due jobs. */
const POLL_MS = 2_000;
/** How long closing the app waits for a running job. */
const STOP_WAIT_MS = 5_000;

export type JobRow = typeof jobs.$inferSelect;
export type JobError = { path: string; message: string };

/** A job's work, given its row as claimed. It may report progress and keep results as it goes. */
export type JobHandler = (job: JobRow, tools: JobTools) => Promise<void>;

export interface JobTools {
  /** Progress and what was made so far, written at once (readable while the job runs). */
  report(values: {
    processed?: number;
    total?: number;
    result?: Record<string, unknown>;
    errors?: JobError[];
  }): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * The worker no longer holds its job: its lease ran out and another worker claimed it (and may
 * have undone and failed it already), or the job is gone (its account was deleted). Raised by a
 * fenced write that changed nothing; whatever the worker was writing must not be kept.
 */
export class LeaseLost extends Error {
  constructor(readonly jobId: number) {
    super(`jobs: the lease of job ${jobId} was lost`);
  }
}

/** The claim a worker holds: the job's id and the attempt that claimed it (its fence). */
export type JobClaim = Pick<JobRow, 'id' | 'attempts'>;

/**
 * The fence of every write a worker makes to its job (decision 135): the job is still running
 * under the very claim the worker made. A worker whose lease lapsed and whose job another worker
 * claimed (attempts went up) or finished matches no row.
 */
export const heldBy = (claim: JobClaim) =>
  and(eq(jobs.id, claim.id), eq(jobs.status, 'running'), eq(jobs.attempts, claim.attempts));

/** Raised by a handler to end its job `failed` with these errors (and no log of a crash). */
export class JobFailed extends Error {
  constructor(readonly errors: JobError[]) {
    super(errors[0]?.message ?? 'The job failed.');
  }
}

/**
 * The background jobs of docs/operations.md ("Background jobs"; decision 133): rows in `jobs`
 * that any instance may claim. A claim is one statement, `UPDATE … WHERE id = (SELECT … FOR
 * UPDATE SKIP LOCKED LIMIT 1)`, that takes a queued job or one whose lease has run out (its
 * worker died: kill -9, a crash, a lost machine) and counts an attempt; the worker renews the
 * lease every 30 s while it works. Handlers see `attempts`: more than one means a worker was cut
 * off before, and the handler decides whether to resume or to clean up and fail. Every write a
 * worker makes to its job is fenced by its claim (`heldBy`): a worker that stalled past its lease
 * and lost the job to another changes nothing (decision 135).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = true;
  private busy = false;

  /**
   * `leaseSeconds`: how long a claim holds before another worker may take the job
   * (JOB_LEASE_SECONDS, default 120); renewed every quarter of it while the job runs.
   */
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds = 120,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
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
    const insert = (db: Executor) =>
      db
        .insert(jobs)
        .values({
          kind: values.kind,
          userId: values.userId ?? null,
          payload: values.payload ?? {},
          status: 'held',
          attempts: 1,
          leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
        })
        .returning();
    const { openMax, userId } = values;
    if (openMax === undefined || userId === undefined) return (await insert(this.db))[0]!;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
      const [open] = await tx
        .select({ n: count() })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, values.kind),
            eq(jobs.userId, userId),
            inArray(jobs.status, ['held', 'queued', 'running']),
          ),
        );
      if ((open?.n ?? 0) >= openMax) return undefined;
      return (await insert(tx))[0];
    });
  }

  /** Renews a held job's lease every quarter of it until `stop` is called. */
  keepHeld(id: number): () => void {
    const timer = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
          .where(and(eq(jobs.id, id), eq(jobs.status, 'held')))
          .catch((err: unknown) => this.log.warn({ err, jobId: id }, 'jobs: hold renewal failed'));
      },
      (this.leaseSeconds * 1000) / 4,
    );
    return () => clearInterval(timer);
  }

  /** Queues a held job with its payload completed; undefined when the hold was lost. */
  async release(id: number, payload: Record<string, unknown>): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        leaseUntil: null,
        payload: sql`${jobs.payload} || ${JSON.stringify(payload)}::jsonb`,
        updatedOn: sql`now()`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'held')))
      .returning();
    if (row) this.kick();
    return row;
  }

  /** Deletes a held job (its preparation failed, and the holder cleaned up). */
  async drop(id: number): Promise<void> {
    await this.db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'held')));
  }

  /** Queues a job; a job with a `runKey` already queued or done is not queued twice. */
  async enqueue(values: {
    kind: string;
    userId?: number;
    runKey?: string;
    payload?: Record<string, unknown>;
  }): Promise<JobRow | undefined> {
    const [row] = await this.db
      .insert(jobs)
      .values({
        kind: values.kind,
        userId: values.userId ?? null,
        runKey: values.runKey ?? null,
        payload: values.payload ?? {},
      })
      .onConflictDoNothing()
      .returning();
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
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops claiming. A job still running gets a few seconds; past them the process may end under
   * it, and its lease runs out, so the next instance (or this one restarted) takes it again.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS))]);
  }

  /** Runs due jobs one after another until none is left (one at a time per process). */
  kick(): void {
    if (this.stopped || this.busy) return;
    this.busy = true;
    this.running = this.drain().finally(() => {
      this.busy = false;
    });
  }

  /** For tests: every due job run to its end. */
  async runDue(): Promise<void> {
    await this.running;
    await this.drain();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped && this.timer !== undefined) return;
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch (err) {
        this.log.error({ err }, 'jobs: claiming failed; the next round tries again');
        return;
      }
      if (!job) return;
      await this.run(job);
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
        updatedOn: sql`now()`,
      })
      .where(
        eq(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs} where ${jobs.kind} in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )}) and (${jobs.status} = 'queued' or (${jobs.status} in ('running', 'held') and ${jobs.leaseUntil} < now())) order by ${jobs.id} for update skip locked limit 1)`,
        ),
      )
      .returning();
    return row;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    const renew = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ leaseUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
          .where(heldBy(job))
          .catch((err: unknown) =>
            this.log.warn({ err, jobId: job.id }, 'jobs: lease renewal failed'),
          );
      },
      (this.leaseSeconds * 1000) / 4,
    );
    const tools: JobTools = {
      log: this.log,
      report: async ({ result, ...values }) => {
        const changed = await this.db
          .update(jobs)
          .set({
            ...values,
            // Merged into what the job recorded so far (an import's created ids).
            ...(result ? { result: sql`${jobs.result} || ${JSON.stringify(result)}::jsonb` } : {}),
            updatedOn: sql`now()`,
          })
          .where(heldBy(job))
          .returning({ id: jobs.id });
        if (changed.length === 0) throw new LeaseLost(job.id);
      },
    };
    try {
      await handler(job, tools);
      await this.finish(job, 'done', []);
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.log.warn(
          { jobId: job.id, kind: job.kind },
          'jobs: a worker lost its lease; its work was dropped',
        );
        return;
      }
      const errors =
        error instanceof JobFailed
          ? error.errors
          : [{ path: '', message: 'The job stopped on an unexpected error.' }];
      if (!(error instanceof JobFailed)) {
        this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'jobs: a job failed');
      }
      await this.finish(job, 'failed', errors).catch((err: unknown) =>
        this.log.error({ err, jobId: job.id }, 'jobs: could not record a failure'),
      );
    } finally {
      clearInterval(renew);
    }
  }

  /** Ends the job, unless the worker lost it (then another worker decides how it ends). */
  private async finish(
    claim: JobClaim,
    status: 'done' | 'failed',
    errors: JobError[],
  ): Promise<void> {
    const changed = await this.db
      .update(jobs)
      .set({
        status,
        leaseUntil: null,
        updatedOn: sql`now()`,
        ...(status === 'failed'
          ? { errors: sql`${jobs.errors} || ${JSON.stringify(errors)}::jsonb` }
          : {}),
      })
      .where(heldBy(claim))
      .returning({ id: jobs.id });
    if (changed.length === 0) {
      this.log.warn(
        { jobId: claim.id, status },
        'jobs: a worker lost its lease; its end was dropped',
      );
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs' worker (tests: `await app.jobs.runDue()`). */
    jobs: JobQueue;
  }
}

/** The app's job worker: started when the app is ready, stopped (its job given time) on close. */
export function runJobQueue(app: FastifyInstance, queue: JobQueue): void {
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
}
