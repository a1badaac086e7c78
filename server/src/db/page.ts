import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './executor';

/**
 * One page of a list and the number of rows behind it, asked at the same time: `rows` is the
 * page query (already limited), `table` and `where` the same rows to count.
 */
export async function pageWithCount<T>(
  db: Executor,
  rows: PromiseLike<T[]>,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: T[]; count: number }> {
  const [page, [total]] = await Promise.all([
    rows,
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  return { rows: page, count: total?.count ?? 0 };
}
