import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, endpoints, idSchema, type RouteName } from '@cw/contract';
import {
  answersSerializer,
  checkedExactlyByJsonSchema,
  exactValidatorOf,
  parsesAsItEncodes,
  responseSerializerCompiler,
} from '../src/http/response-serializer';

/** A bare app with the product's serializer and one GET route answering `answer`. */
async function serving(schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return response;
}

describe('the answers serializer (decision 173)', () => {
  it('takes the fast check for every answer of the contract', () => {
    const slow = (Object.keys(endpoints) as RouteName[]).filter(
      (name) => !parsesAsItEncodes(endpoints[name].success.schema),
    );
    expect(slow).toEqual([]);
    expect(parsesAsItEncodes(apiErrorSchema)).toBe(true);
  });

  it('finds what reads differently in each direction, however deep', () => {
    const inner = z.object({ at: z.string().default('now') });
    expect(parsesAsItEncodes(z.object({ list: z.array(inner.nullable()) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ n: z.string().transform(Number) }))).toBe(false);
    expect(parsesAsItEncodes(z.union([z.string(), z.string().pipe(z.email())]))).toBe(false);
    expect(parsesAsItEncodes(z.record(z.string(), z.number().catch(0)))).toBe(false);
    const lazy: z.ZodType = z.lazy(() => z.object({ next: lazy.optional(), n: z.number() }));
    expect(parsesAsItEncodes(lazy)).toBe(true);
  });

  it('never sends a field the schema does not name, at any depth', async () => {
    const schema = z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) });
    const response = await serving(schema, {
      id: 1,
      password_hash: 'secret',
      items: [{ name: 'a', owner_email: 'someone@example.com' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, items: [{ name: 'a' }] });
  });

  it('refuses an answer that does not match its schema (500, nothing of it sent)', async () => {
    const schema = z.object({ id: z.number(), role: z.enum(['owner', 'viewer']) });
    const response = await serving(schema, { id: 1, role: 'admin' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('admin');
  });

  it('still encodes a schema with a codec the way it is written', async () => {
    const when = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const response = await serving(z.object({ at: when }), { at: new Date(0) });
    expect(response.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});

/** JSON with every object's keys sorted: the bytes a client reads, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

describe('answers written without a copy when their JSON Schema accepts them (decision 178)', () => {
  it('checks every answer of the contract but the restore by its JSON Schema', () => {
    const names = Object.keys(endpoints) as RouteName[];
    const zodOnly = names.filter(
      (name) => !checkedExactlyByJsonSchema(endpoints[name].success.schema),
    );
    // A union of whole objects: zod hands back the first option that fits, stripped to it.
    expect(zodOnly).toEqual(['trash.restore']);
    for (const name of names) {
      if (!zodOnly.includes(name))
        expect(exactValidatorOf(endpoints[name].success.schema)).toBeDefined();
    }
    expect(checkedExactlyByJsonSchema(apiErrorSchema)).toBe(true);
  });

  it('leaves formats, regexes, refinements, dates and unions of objects to zod', () => {
    expect(checkedExactlyByJsonSchema(z.object({ a: z.email() }))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.object({ a: z.string().regex(/^a$/i) }))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.string().refine((text) => text !== 'x'))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.object({ at: z.date() }))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.union([z.object({ a: z.string() }), z.null()]))).toBe(
      false,
    );
    expect(checkedExactlyByJsonSchema(z.looseObject({ a: z.string() }))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.record(z.string().min(2), z.number()))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.tuple([z.number()], z.string()))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.number().multipleOf(0.1))).toBe(false);
    expect(checkedExactlyByJsonSchema(z.array(z.number()).max(3))).toBe(true);
  });

  /** One of each kind the JSON Schema check admits. */
  const every = z.object({
    id: idSchema,
    n: z.number(),
    count: z.number().int(),
    text: z.string().min(1).max(4),
    flag: z.boolean(),
    kind: z.enum(['a', 'b']),
    three: z.literal(3),
    either: z.union([z.string(), z.null()]),
    inner: z.object({ x: z.number().int().min(0) }).nullable(),
    maybe: z.string().optional(),
    list: z.array(z.object({ name: z.string() })).max(2),
    pair: z.tuple([z.number(), z.string()]),
    meta: z.record(z.string(), z.unknown()),
  });
  const validator = exactValidatorOf(every);
  /** A value for each field that fits, or anything at all. */
  const near = <T>(fits: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 60, arbitrary: fits }, fc.anything());
  const candidate = fc.record(
    {
      id: near(fc.integer({ min: 1, max: 2_147_483_647 })),
      n: near(fc.double()),
      count: near(fc.oneof(fc.integer(), fc.constant(2 ** 53), fc.constant(0.5))),
      text: near(fc.string({ maxLength: 5 })),
      flag: near(fc.boolean()),
      kind: near(fc.constantFrom('a', 'b', 'c')),
      three: near(fc.constantFrom(3, '3')),
      either: near(fc.option(fc.string(), { nil: null })),
      inner: near(
        fc.option(fc.record({ x: fc.integer({ min: -1, max: 3 }) }, { requiredKeys: [] }), {
          nil: null,
        }),
      ),
      maybe: near(fc.option(fc.string(), { nil: undefined })),
      list: near(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: fc.record({ name: fc.string() }) },
            fc.record({ name: fc.string(), secret: fc.string() }),
          ),
          { maxLength: 3 },
        ),
      ),
      pair: near(fc.tuple(fc.double(), fc.string())),
      meta: near(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 })),
      extra: fc.string(),
    },
    {
      requiredKeys: [
        'id',
        'n',
        'count',
        'text',
        'flag',
        'kind',
        'three',
        'either',
        'inner',
        'list',
        'pair',
        'meta',
      ],
    },
  );

  it('accepts a value exactly when zod accepts it and would send the same JSON', () => {
    expect(validator).toBeDefined();
    const check = validator!;
    let accepted = 0;
    fc.assert(
      fc.property(candidate, (value) => {
        const zod = every.safeParse(value);
        const same = zod.success && canonical(zod.data) === canonical(value);
        const fast = check(value);
        if (fast) accepted += 1;
        // Never faster at the price of a different answer; never slower when nothing differs.
        return fast === same;
      }),
      { numRuns: 4000 },
    );
    // The property said something about accepted values too (about 20 expected), not only
    // refused ones.
    expect(accepted).toBeGreaterThan(3);
  });

  it('tells which route an answer had to be stripped on, and only then', async () => {
    const copied: string[] = [];
    const app = Fastify();
    app.setSerializerCompiler(answersSerializer((route) => copied.push(route)));
    const schema = z.object({ id: z.number() });
    app.get('/exact/:id', { schema: { response: { 200: schema } } }, async () => ({ id: 1 }));
    app.get('/extra', { schema: { response: { 200: schema } } }, async () => ({ id: 1, x: 2 }));
    app.get('/wrong', { schema: { response: { 200: schema } } }, async () => ({ id: 'a' }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/exact/7' })).json()).toEqual({ id: 1 });
    expect((await app.inject({ method: 'GET', url: '/extra' })).json()).toEqual({ id: 1 });
    expect((await app.inject({ method: 'GET', url: '/wrong' })).statusCode).toBe(500);
    await app.close();
    // The pattern, never the URL; a refused answer is an error of its own, not a copy.
    expect(copied).toEqual(['/extra']);
  });

  it('sends the same bytes on both paths', async () => {
    const answer = {
      id: 1,
      n: 1.5,
      count: 2,
      text: 'ab',
      flag: true,
      kind: 'a',
      three: 3,
      either: null,
      inner: { x: 0 },
      list: [{ name: 'a' }],
      pair: [1, 'b'],
      meta: { deep: { a: [1, null] } },
    };
    expect(validator?.(answer)).toBe(true);
    const fastBody = (await serving(every, answer)).body;
    const slow = await serving(every, { ...answer, secret: 'x' });
    expect(slow.statusCode).toBe(200);
    expect(JSON.parse(fastBody)).toEqual(JSON.parse(slow.body));
    expect(slow.body).not.toContain('secret');
  });
});
