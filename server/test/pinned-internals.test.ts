import { PGlite } from '@electric-sql/pglite';
import { Column, is, SQL, sql, Subquery } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forDrizzle } from '../src/db/pglite-parsers';
import { PreparedQueries } from '../src/db/prepared';

/*
 * drizzle-orm, PGlite and zod are pinned to exact versions (docs/development.md, "Dependencies")
 * because three files read their internals: db/prepared.ts (drizzle's prepared query),
 * db/pglite-parsers.ts (PGlite's parsers, drizzle's per-query ones) and
 * http/response-serializer.ts (zod's definitions). Each shape those files read is asserted here,
 * beside the behaviour tests of each file (prepared-rows, pglite-parsers, response-serializer):
 * an upgrade that changes one fails here, naming it, instead of turning into a slowdown or a
 * wrong answer.
 */

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

describe("drizzle-orm's prepared query, as db/prepared.ts reads it", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`create table things (id integer primary key, name text not null, at timestamptz not null);
      insert into things values (1, 'one', '2026-11-26 10:00:00+00')`);
  });
  afterAll(async () => {
    await client.close();
  });

  it('has `fields` ({path, field} per selected key) and a `customResultMapper` it calls with array rows', async () => {
    const db = drizzle({ client });
    const inner = db
      .select({ n: sql<number>`1`.as('n') })
      .from(things)
      .as('inner');
    const query = db
      .select({
        id: things.id,
        at: things.at,
        upper: sql<string>`upper(${things.name})`,
        counted: sql<number>`count(*) over ()`.mapWith(Number),
        aliased: sql<string>`'x'`.as('aliased'),
        sub: inner.n,
      })
      .from(things)
      .leftJoin(inner, sql`true`)
      .where(sql`${things.id} = ${sql.placeholder('id')}`)
      .prepare('pinned_internals');
    const shape = query as unknown as {
      fields: { path: string[]; field: unknown }[];
      customResultMapper?: (rows: unknown[][]) => unknown;
    };
    expect(shape.customResultMapper).toBeUndefined();
    expect(shape.fields.map((selected) => selected.path)).toEqual([
      ['id'],
      ['at'],
      ['upper'],
      ['counted'],
      ['aliased'],
      ['sub'],
    ]);
    const [id, at, upper, counted, aliased, sub] = shape.fields.map((selected) => selected.field);
    // The decoder of each kind of field, where db/prepared.ts's `decoderOf` finds it.
    expect(is(id, Column) && is(at, Column)).toBe(true);
    expect(is(upper, SQL) && is(counted, SQL)).toBe(true);
    const decoder = (chunk: unknown) =>
      (chunk as { decoder: { mapFromDriverValue(value: unknown): unknown } }).decoder;
    expect(decoder(counted).mapFromDriverValue('7')).toBe(7);
    expect(decoder(upper).mapFromDriverValue('A')).toBe('A');
    expect(is(aliased, SQL) || is(aliased, Subquery)).toBe(false);
    expect(decoder((aliased as { sql: unknown }).sql).mapFromDriverValue('x')).toBe('x');
    expect(is(sub, SQL) || is(sub, Column)).toBe(false);
    expect(is((sub as { sql: unknown }).sql, SQL)).toBe(true);
    // drizzle hands the mapper the rows as arrays in the fields' order, and answers what it makes.
    const seen: unknown[][][] = [];
    shape.customResultMapper = (rows) => {
      seen.push(rows);
      return [{ mapped: true }];
    };
    expect(await query.execute({ id: 1 })).toEqual([{ mapped: true }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toHaveLength(6);
    expect(seen[0]?.[0]?.[2]).toBe('ONE');
  });

  it('keeps a mapper PreparedQueries installs (the hot reads use it)', async () => {
    const db = drizzle({ client: await forDrizzle(client) });
    const query = new PreparedQueries().once('pinned_internals_mapper', (name) =>
      db
        .select({ id: things.id, at: things.at })
        .from(things)
        .where(sql`${things.id} = ${sql.placeholder('id')}`)
        .prepare(name),
    );
    expect((query as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    expect(await query.execute({ id: 1 })).toEqual([
      { id: 1, at: new Date('2026-11-26T10:00:00.000Z') },
    ]);
  });
});

describe("PGlite's parsers, as db/pglite-parsers.ts reads them", () => {
  it('are an object of the instance that every query reads, which array types refresh in place', async () => {
    const client = new PGlite();
    try {
      await client.waitReady;
      const parsers = client.parsers as Record<number, unknown>;
      // What the instance's own parsers say is what a query answers.
      parsers[25] = (value: string) => `text:${value}`;
      expect((await client.query<{ t: string }>(`select 'a'::text as t`)).rows[0]?.t).toBe(
        'text:a',
      );
      // A refresh of the array types writes into the same object, over drizzle's array parsers:
      // forDrizzle then sees they are no longer its own and lets drizzle's pass (next test).
      const keep = (value: string) => value;
      parsers[1185] = keep;
      await client.refreshArrayTypes();
      expect(client.parsers).toBe(parsers);
      expect(parsers[1185]).not.toBe(keep);
    } finally {
      await client.close();
    }
  });

  it("after a refresh of PGlite's array types, drizzle's parsers are passed again and rows stay the same", async () => {
    const client = new PGlite();
    try {
      const seen: unknown[] = [];
      // What reaches PGlite, under forDrizzle's wrapper.
      const recording = new Proxy(client, {
        get(target, property) {
          if (property === 'query') {
            return (text: string, params: unknown[], options: unknown) => {
              seen.push(options);
              return target.query(text, params, options as undefined);
            };
          }
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
      const db = drizzle({ client: await forDrizzle(recording) });
      const read = () =>
        db.execute(sql`select array['2026-11-26 10:00+00'::timestamptz] as stamps`);
      const before = (await read()).rows;
      await client.refreshArrayTypes();
      const after = (await read()).rows;
      expect(after).toEqual(before);
      expect(after[0]).toEqual({ stamps: '{"2026-11-26 10:00:00+00"}' });
      expect(seen[0]).not.toHaveProperty('parsers');
      expect(seen[1]).toHaveProperty('parsers');
    } finally {
      await client.close();
    }
  });
});

describe("zod's definitions, as http/response-serializer.ts reads them", () => {
  type Def = Record<string, unknown> & { type: string };
  const def = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
  const checks = (schema: unknown) =>
    ((def(schema).checks ?? []) as unknown[]).map((check) => {
      const { check: kind, format } = def(check) as Def & { check?: string; format?: string };
      return format === undefined ? kind : `${kind}:${format}`;
    });

  it('names the types that parse and encode differently', () => {
    expect(def(z.string().pipe(z.string())).type).toBe('pipe');
    expect(def(z.codec(z.string(), z.number(), { decode: Number, encode: String })).type).toBe(
      'pipe',
    );
    expect(def(z.string().transform(Number)).type).toBe('pipe');
    expect(def(z.transform((value: unknown) => value)).type).toBe('transform');
    expect(def(z.string().default('a')).type).toBe('default');
    expect(def(z.string().prefault('a')).type).toBe('prefault');
    expect(def(z.string().catch('a')).type).toBe('catch');
  });

  it('names the checks whose JSON Schema keyword is as strict', () => {
    expect(checks(z.string().min(1).max(2).length(2))).toEqual([
      'min_length',
      'max_length',
      'length_equals',
    ]);
    expect(checks(z.array(z.number()).min(1).max(2).length(2))).toEqual([
      'min_length',
      'max_length',
      'length_equals',
    ]);
    expect(checks(z.number().min(0).max(3))).toEqual(['greater_than', 'less_than']);
    expect(checks(z.number().int())).toEqual(['number_format:safeint']);
    expect(checks(z.number().multipleOf(2))).toEqual(['multiple_of']);
    expect(def(z.email()).format).toBe('email');
    expect(def(z.string()).format).toBeUndefined();
  });

  it('keeps what each type holds where the serializer walks', () => {
    const item = z.string();
    expect(def(z.object({ a: item })).shape).toEqual({ a: item });
    expect(def(z.object({ a: item })).catchall).toBeUndefined();
    expect(def(z.looseObject({ a: item })).catchall).toBeDefined();
    expect(def(z.array(item)).element).toBe(item);
    expect(def(item.optional()).innerType).toBe(item);
    expect(def(item.nullable()).innerType).toBe(item);
    expect(def(z.tuple([item])).items).toEqual([item]);
    expect(def(z.tuple([item])).rest).toBeNull();
    expect(def(z.tuple([item], item)).rest).toBe(item);
    expect(def(z.union([item, z.null()])).options).toEqual([item, expect.anything()]);
    expect(def(z.record(item, z.number())).keyType).toBe(item);
    expect(def(z.record(item, z.number())).valueType).toBeDefined();
    expect(def(z.literal(3)).values).toEqual([3]);
    const lazy = def(z.lazy(() => item)).getter as () => unknown;
    expect(lazy()).toBe(item);
    expect(['boolean', 'null', 'unknown', 'any', 'enum', 'number', 'string', 'date']).toEqual([
      def(z.boolean()).type,
      def(z.null()).type,
      def(z.unknown()).type,
      def(z.any()).type,
      def(z.enum(['a'])).type,
      def(z.number()).type,
      def(z.string()).type,
      def(z.date()).type,
    ]);
  });
});
