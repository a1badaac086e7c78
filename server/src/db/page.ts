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

/**
 * The same for rows that are not one table's (a UNION of several): `rows` is a select without
 * order or limit; the page is ordered by `orderBy` and cut by `limit`/`offset`.
 */
export async function pageOfSelect<T>(
  db: Executor,
  rows: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; count: number }> {
  const [page, total] = await Promise.all([
    db.execute(
      sql`select * from (${rows}) page_rows order by ${orderBy} limit ${limit} offset ${offset}`,
    ),
    db.execute(sql`select count(*)::int as count from (${rows}) page_rows`),
  ]);
  const count = (total as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
  return { rows: (page as unknown as { rows: T[] }).rows, count: Number(count) };
}
