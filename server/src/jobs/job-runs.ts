import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import {
  heldBy,
  JobFailed,
  LeaseLost,
  TryAgainLater,
  type JobClaim,
  type JobError,
  type JobHandler,
  type JobRow,
  type JobTools,
} from './job-claims';
import { leaseFrom } from './job-holds';

/**
 * Claims the first due job of `kinds` in one statement: a queued one whose `runAfter` has come
 * (on the app's clock, `now`), or one whose lease has run out (on the database's clock), under
 * `FOR UPDATE SKIP LOCKED` so concurrent workers take different rows. Counts an attempt.
 */
export async function claimJob(
  db: Database,
  kinds: string[],
  now: Date,
  leaseSeconds: number,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(
          and(eq(jobs.status, 'queued'), or(isNull(jobs.runAfter), lte(jobs.runAfter, now))),
          and(inArray(jobs.status, ['running', 'held']), lt(jobs.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: leaseFrom(leaseSeconds),
      updatedOn: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return row;
}

/** What a queue knows of the kind of job it runs. */
export interface JobKind {
  run: JobHandler;
  /** Keep the row once the job ended (JobKindOptions). */
  keepEnded: boolean;
}

/**
 * Runs claimed jobs: renews the lease while the handler works, fences every write by the claim
 * (decision 135), and ends the job as the handler's outcome says.
 */
export class JobRunner {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
    private readonly now: () => Date,
  ) {}

  async run(job: JobRow, kind: JobKind | undefined): Promise<void> {
    if (!kind) return;
    const renew = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ leaseUntil: leaseFrom(this.leaseSeconds) })
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
      await kind.run(job, tools);
      await this.finish(job, 'done', [], kind.keepEnded);
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.log.warn(
          { jobId: job.id, kind: job.kind },
          'jobs: a worker lost its lease; its work was dropped',
        );
        return;
      }
      if (error instanceof TryAgainLater) {
        await this.later(job, error.delayMs).catch((err: unknown) =>
          this.log.error({ err, jobId: job.id }, 'jobs: could not queue a job again'),
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
      await this.finish(job, 'failed', errors, kind.keepEnded).catch((err: unknown) =>
        this.log.error({ err, jobId: job.id }, 'jobs: could not record a failure'),
      );
    } finally {
      clearInterval(renew);
    }
  }

  /** Back in the queue, due in `delayMs` on the app's clock; unless the worker lost it. */
  private async later(claim: JobClaim, delayMs: number): Promise<void> {
    const changed = await this.db
      .update(jobs)
      .set({
        status: 'queued',
        leaseUntil: null,
        runAfter: new Date(this.now().getTime() + delayMs),
        updatedOn: sql`now()`,
      })
      .where(heldBy(claim))
      .returning({ id: jobs.id });
    if (changed.length === 0) this.lostAtEnd(claim, 'queued');
  }

  /**
   * Ends the job, kept with its status or deleted (`keep`), unless the worker lost it (then
   * another worker decides how it ends).
   */
  private async finish(
    claim: JobClaim,
    status: 'done' | 'failed',
    errors: JobError[],
    keep: boolean,
  ): Promise<void> {
    const changed = keep
      ? await this.db
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
          .returning({ id: jobs.id })
      : await this.db.delete(jobs).where(heldBy(claim)).returning({ id: jobs.id });
    if (changed.length === 0) this.lostAtEnd(claim, status);
  }

  private lostAtEnd(claim: JobClaim, status: string): void {
    this.log.warn(
      { jobId: claim.id, status },
      'jobs: a worker lost its lease; its end was dropped',
    );
  }
}
