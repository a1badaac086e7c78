import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../db/schema';

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

/** How the queue treats the jobs of one kind beyond running them. */
export interface JobKindOptions {
  /**
   * Keep the row once the job has ended (`done` or `failed`: an import's outcome, read by its
   * owner). False deletes it instead: a queued mail names an address and nothing reads it after.
   */
  keepEnded?: boolean;
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
 * Raised by a handler to put its job back in the queue, due again in `delayMs` on the app's
 * clock (a mail server that did not answer; decision 204). The next claim counts another
 * attempt; the handler decides from `attempts` when to stop trying.
 */
export class TryAgainLater extends Error {
  constructor(readonly delayMs: number) {
    super(`jobs: to be tried again in ${delayMs} ms`);
  }
}
