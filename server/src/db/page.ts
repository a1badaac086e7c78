import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CursorValue } from '@cw/contract';
import type { Executor } from './executor';

/** Where a page starts and how long it is, as the list's query was cut. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list and the number of rows behind it, asked at the same time: `rows` is the
 * page query (already limited by `window`), `table` and `where` the same rows to count. The
 * count is exact up to EXACT_COUNT_MAX, the planner's estimate beyond (decision 256; every list
 * of this helper: decision 261), so a list of a person's library costs the same at any size.
 */
export async function pageWithCount<T>(
  db: Executor,
  rows: PromiseLike<T[]>,
  table: PgTable,
  where: SQL | undefined,
  window: PageWindow,
): Promise<{ rows: T[]; count: number }> {
  const [page, [total]] = await Promise.all([rows, cappedCount(db, table, where)]);
  const count = await settledCount(total?.count ?? 0, () => estimatedMatches(db, table, where), {
    rows: page.length,
    ...window,
  });
  return { rows: page, count };
}

/** The planner's estimate of how many rows of `table` match `where` (decision 256). */
export function estimatedMatches(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  return estimatedRows(
    db,
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .getSQL(),
  );
}

/**
 * How many rows of `table` match `where`, counted up to one past EXACT_COUNT_MAX: what
 * pageWithCount asks (its plan is checked in test/library-scale.test.ts).
 */
export function cappedCount(db: Executor, table: PgTable, where: SQL | undefined) {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_MAX + 1)
    .as('capped');
  return db.select({ count: sql<number>`count(*)::int` }).from(capped);
}

/**
 * The same for rows that are not one table's (a UNION of several): `rows` is a select without
 * order or limit; the page is ordered by `orderBy` and cut by `limit`/`offset`; the count, as
 * above, exact up to EXACT_COUNT_MAX and estimated beyond (decision 261).
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
    db.execute(
      sql`select count(*)::int as count from (select 1 from (${rows}) page_rows limit ${EXACT_COUNT_MAX + 1}) capped`,
    ),
  ]);
  const counted = (total as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
  const pageRows = (page as unknown as { rows: T[] }).rows;
  const count = await settledCount(
    Number(counted),
    () => estimatedRows(db, sql`select 1 from (${rows}) page_rows`),
    { rows: pageRows.length, limit, offset },
  );
  return { rows: pageRows, count };
}

/**
 * A list counts exactly up to this many rows; beyond, its `count` is the database's estimate
 * (docs/api.md, "Lists"; decisions 256 and 261).
 */
export const EXACT_COUNT_MAX = 10_000;

/** A plan node of `EXPLAIN (FORMAT JSON)`, as far as the estimate reads it. */
interface PlanRoot {
  Plan?: { 'Plan Rows'?: number };
}

/**
 * PostgreSQL's estimate of how many rows `query` gives (its planner's, from the table's
 * statistics): what a count costs nothing to say beyond EXACT_COUNT_MAX (decision 256).
 */
export async function estimatedRows(db: Executor, query: SQL): Promise<number> {
  const answer = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(answer.rows[0] ?? {})[0];
  // node-postgres parses the json column; PGlite may hand it over as text.
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as PlanRoot[] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A count that is exact up to EXACT_COUNT_MAX and an estimate beyond (decision 256), made
 * consistent with the page just read: a page that is not full ends the list, so the count is
 * exactly what lies before it and in it; a full page promises at least one more row, so `next`
 * is given (a page past the end is empty, docs/api.md "Lists"). `exactMax`: search counts
 * exactly up to fewer hits (decision 263).
 */
export function settledCount(
  counted: number,
  estimate: () => Promise<number>,
  page: { rows: number; limit: number; offset: number },
  exactMax = EXACT_COUNT_MAX,
): Promise<number> | number {
  const { rows, limit, offset } = page;
  if (rows < limit && (rows > 0 || offset === 0)) return offset + rows;
  if (counted <= exactMax) return counted;
  return estimate().then((rough) => Math.max(rough, exactMax + 1, offset + rows + 1));
}

/**
 * A list's order as keyset paging reads it (decision 264): its sort expressions, the row id last,
 * all in one direction. `cast` is the type a cursor's value is compared as; `kept` the text of it
 * the cursor keeps (a timestamp to the microsecond, in UTC). With `nullsLast`, the first key may
 * be null and sorts after every value (ascending, NULLS LAST).
 */
export interface KeyOrder {
  keys: { expr: SQL | AnyColumn; cast: 'int' | 'timestamptz' | 'text' | 'date'; kept?: SQL }[];
  descending: boolean;
  nullsLast?: boolean;
}

/** A timestamp as a cursor keeps it: UTC, to the microsecond (contract/src/cursor.ts). */
export const cursorTimestamp = (expr: SQL | AnyColumn): SQL =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The sort key of each row of a page as a JSON array, what the list's cursor is made of (the
 * last row's, once the page is read): selected with the page, from the rows themselves.
 */
export const pageKeySql = (order: KeyOrder): SQL<string> =>
  sql<string>`json_build_array(${sql.join(
    order.keys.map((key) => key.kept ?? key.expr),
    sql`, `,
  )})::text`;

/**
 * The rows after the cursor's `key` in `order` (decision 264): a row comparison on the order's
 * expressions, which a B-tree index of that order reads as a range; with a nullable first key
 * sorted last, the rows past a value are the larger values, then the nulls.
 */
export function afterKey(order: KeyOrder, key: readonly CursorValue[]): SQL {
  const values = order.keys.map(
    (part, index) => sql`cast(${key[index] ?? null} as ${sql.raw(part.cast)})`,
  );
  const exprs = order.keys.map((part) => part.expr);
  const op = sql.raw(order.descending ? '<' : '>');
  const row = (parts: (SQL | AnyColumn)[]) =>
    parts.length === 1 ? sql`${parts[0]}` : sql`(${sql.join(parts, sql`, `)})`;
  if (!order.nullsLast) return sql`${row(exprs)} ${op} ${row(values)}`;
  const [first, ...rest] = exprs;
  const [firstValue, ...restValues] = values;
  if (key[0] === null) return sql`(${first} is null and ${row(rest)} ${op} ${row(restValues)})`;
  return sql`(${row(exprs)} ${op} ${row([firstValue!, ...restValues])} or ${first} is null)`;
}
