import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowColumns } from '../src/db/columns';
import { PreparedQueries } from '../src/db/prepared';
import { collections, collectionTags, tags } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller } from './library-helpers';

/** The hot reads' row mapper (src/db/prepared.ts) against drizzle's own mapping of the same SQL. */
describe('prepared reads map rows as drizzle does', () => {
  let ctx: TestContext;
  let owner: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const caller = await signedInCaller(ctx);
    owner = caller.id;
    const tag = await caller.post('/api/collections/tags/', { name: 'b-roll' });
    expect(tag.statusCode).toBe(201);
    for (const [name, meta] of [
      ['First', { deep: { list: [1, null, 'x'] } }],
      ['Second', {}],
    ] as const) {
      const made = await caller.post('/api/collections/list/', {
        name,
        meta_data: meta,
        tags: name === 'First' ? [tag.json<{ id: number }>().id] : [],
      });
      expect(made.statusCode).toBe(201);
    }
    // One changed, so updated_on is a timestamp on one row and null on the other.
    const [first] = await ctx.database.db
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.name, 'First'));
    await caller.patch(`/api/collections/list/${first!.id}/`, { description: 'Now longer.' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('gives the same rows: columns, nulls, dates, JSON, SQL with a decoder, joined columns', async () => {
    const db = ctx.database.db;
    const build = () =>
      db
        .select({
          ...rowColumns(collections),
          tagName: tags.name,
          count: sql<number>`count(*) over ()`.mapWith(Number),
          lower: sql<string>`lower(${collections.name})`,
        })
        .from(collections)
        .leftJoin(collectionTags, eq(collectionTags.collectionId, collections.id))
        .leftJoin(tags, eq(tags.id, collectionTags.tagId))
        .where(eq(collections.userId, sql.placeholder('owner')))
        .orderBy(asc(collections.id));
    const prepared = new PreparedQueries().once('test_prepared_rows', (name) =>
      build().prepare(name),
    );
    // The mapper is there: a drizzle upgrade that drops it shows here, not as a slowdown.
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    const ours = await prepared.execute({ owner });
    const drizzles = await build().execute({ owner });
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(drizzles);
    expect(ours.map((row) => Object.keys(row))).toEqual(drizzles.map((row) => Object.keys(row)));
    const [first, second] = ours;
    expect(first?.createdOn).toBeInstanceOf(Date);
    expect(first?.updatedOn).toBeInstanceOf(Date);
    expect(second?.updatedOn).toBeNull();
    expect(first?.metaData).toEqual({ deep: { list: [1, null, 'x'] } });
    expect(first?.tagName).toBe('b-roll');
    expect(second?.tagName).toBeNull();
    expect(first?.count).toBe(2);
    expect(first?.lower).toBe('first');
  });

  it('leaves a query of nested fields to drizzle', async () => {
    const prepared = new PreparedQueries().once('test_prepared_nested', (name) =>
      ctx.database.db
        .select({ id: collections.id, owner: { id: collections.userId } })
        .from(collections)
        .where(eq(collections.userId, sql.placeholder('owner')))
        .orderBy(asc(collections.id))
        .prepare(name),
    );
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    );
    const rows = await prepared.execute({ owner });
    expect(rows[0]).toEqual({ id: expect.any(Number), owner: { id: owner } });
  });
});
