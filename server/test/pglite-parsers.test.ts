import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PGLITE_PARSERS, forDrizzle } from '../src/db/pglite-parsers';

/** Every type drizzle's parsers touch, and a few they do not. */
const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  plain: timestamp('plain', { mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  amount: numeric('amount'),
  meta: jsonb('meta'),
});
const DDL = `create table things (id integer primary key, name text not null, at timestamptz not null,
  plain timestamp, day date, span interval, amount numeric, meta jsonb)`;
const ROWS = `insert into things values
  (1, 'first', '2026-11-26 09:30:00.123456+01', '2026-01-02 03:04:05', '2026-12-31', '1 day 02:03:04', 12.50, '{"a":[1,null,"x"]}'),
  (2, 'second', '1999-12-31 23:59:59+00', null, null, null, null, null)`;
const ARRAYS = sql`select array[${sql.raw("'2026-11-26 10:00+00'::timestamptz")}] as stamps,
  array['2026-11-26'::date] as days, array[1.5::numeric] as amounts, array['1 hour'::interval] as spans,
  array['2026-11-26 10:00'::timestamp] as plains`;

/** The options each query reached PGlite with, top level and in transactions alike. */
function recording(pglite: PGlite, seen: unknown[]): PGlite {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, property) {
        const value: unknown = Reflect.get(inner, property);
        if (property === 'query') {
          return (text: string, params: unknown[], options: unknown) => {
            seen.push(options);
            return (value as PGlite['query']).call(inner, text, params, options as undefined);
          };
        }
        if (property === 'transaction') {
          return (run: (tx: object) => Promise<unknown>) =>
            (value as PGlite['transaction']).call(inner, (tx) => run(wrap(tx)));
        }
        return typeof value === 'function' ? (value as () => unknown).bind(inner) : value;
      },
    });
  return wrap(pglite);
}

describe('drizzle on PGlite without its per-query parsers (src/db/pglite-parsers.ts)', () => {
  const plainSeen: unknown[] = [];
  const fastSeen: unknown[] = [];
  let plainClient: PGlite;
  let fastClient: PGlite;
  beforeAll(async () => {
    plainClient = new PGlite();
    fastClient = new PGlite();
    for (const client of [plainClient, fastClient]) {
      await client.exec(DDL);
      await client.exec(ROWS);
    }
  });
  afterAll(async () => {
    await plainClient.close();
    await fastClient.close();
  });
  const both = async () => ({
    plain: drizzle({ client: recording(plainClient, plainSeen) }),
    fast: drizzle({ client: await forDrizzle(recording(fastClient, fastSeen)) }),
  });

  it('names the parsers drizzle passes (a drizzle upgrade that changes them fails here)', async () => {
    plainSeen.length = 0;
    await (await both()).plain.select().from(things);
    const options = plainSeen[0] as { parsers: Record<number, unknown> };
    expect(Object.keys(options.parsers).sort()).toEqual(Object.keys(DRIZZLE_PGLITE_PARSERS).sort());
  });

  it('gives the same rows, prepared or not, in a transaction too, and PGlite gets no parsers', async () => {
    const { plain, fast } = await both();
    fastSeen.length = 0;
    const read = async (db: typeof plain) => ({
      select: await db.select().from(things).orderBy(things.id),
      prepared: await db
        .select({ id: things.id, at: things.at, day: things.day })
        .from(things)
        .where(sql`${things.id} = ${sql.placeholder('id')}`)
        .prepare('one_thing')
        .execute({ id: 1 }),
      raw: (await db.execute(ARRAYS)).rows,
      inTransaction: await db.transaction(async (tx) => ({
        select: await tx.select().from(things).orderBy(things.id),
        raw: (await tx.execute(ARRAYS)).rows,
      })),
    });
    const expected = await read(plain);
    const got = await read(fast);
    expect(got).toEqual(expected);
    // Dates decoded by drizzle's columns, text left as PostgreSQL wrote it.
    expect(got.select[0]?.at).toEqual(new Date('2026-11-26T08:30:00.123Z'));
    expect(got.select[0]?.plain).toBe('2026-01-02 03:04:05');
    expect(got.select[0]?.span).toBe('1 day 02:03:04');
    expect(got.raw[0]).toMatchObject({ days: '{2026-11-26}', spans: '{01:00:00}' });
    // select, prepared, raw, and the two in the transaction.
    expect(fastSeen).toHaveLength(5);
    for (const options of fastSeen) expect(options).not.toHaveProperty('parsers');
  });

  it('passes other parsers through as they are', async () => {
    fastSeen.length = 0;
    const mine = { [20]: (value: string) => `int8:${value}` };
    const client = await forDrizzle(recording(fastClient, fastSeen));
    const result = await client.query<{ n: string }>('select 7::int8 as n', [], { parsers: mine });
    expect(result.rows[0]?.n).toBe('int8:7');
    expect(fastSeen[0]).toEqual({ parsers: mine });
  });
});
