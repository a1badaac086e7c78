import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { jobs, users } from '../db/schema';
import type { JobRow } from './job-claims';

/** A lease from now, on the database's clock: shared by every instance (decision 135). */
export const leaseFrom = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** What a new job names; `runAfter` (the app's clock) keeps it from being claimed before then. */
export interface NewJob {
  kind: string;
  userId?: number;
  runKey?: string;
  payload?: Record<string, unknown>;
  runAfter?: Date;
  /** When it was asked for, if not the database's now (the app's clock; a mail's age). */
  createdOn?: Date;
}

/**
 * Queues a job on `db`, the caller's transaction if it has one (a code mail commits with the
 * account that needs it). A job with a `runKey` already queued or done is not queued twice:
 * the answer is then undefined. The worker hears of it from its poll, or from a `kick()`.
 */
export async function insertJob(db: Executor, values: NewJob): Promise<JobRow | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: values.kind,
      userId: values.userId ?? null,
      runKey: values.runKey ?? null,
      payload: values.payload ?? {},
      runAfter: values.runAfter ?? null,
      ...(values.createdOn ? { createdOn: values.createdOn } : {}),
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Jobs held by the caller while it prepares their payload (an import's upload is stored;
 * decision 135): the row names what the preparation writes, so a process that dies mid-way
 * leaves a row, not orphans. JobQueue's `hold`, `keepHeld`, `release` and `drop` are these.
 */
export class JobHolds {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
  ) {}

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
          leaseUntil: leaseFrom(this.leaseSeconds),
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

  keepHeld(id: number): () => void {
    const timer = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ leaseUntil: leaseFrom(this.leaseSeconds) })
          .where(and(eq(jobs.id, id), eq(jobs.status, 'held')))
          .catch((err: unknown) => this.log.warn({ err, jobId: id }, 'jobs: hold renewal failed'));
      },
      (this.leaseSeconds * 1000) / 4,
    );
    return () => clearInterval(timer);
  }

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
    return row;
  }

  async drop(id: number): Promise<void> {
    await this.db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'held')));
  }
}
