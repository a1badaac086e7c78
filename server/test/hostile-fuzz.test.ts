import fc from 'fast-check';
import { COLLECTION_ORDERINGS, CONTENT_ORDERINGS } from '@cw/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { forgeToken } from './auth-support';
import { signedInUser } from './factories';
import { NOT_FOUND_PAGE } from '../src/library/publishing/public-html';
import { createTestApp } from './helpers';
import { multipartBody } from './library-helpers';

/**
 * The hostile suite: every operation of /api/openapi.json gets generated requests (paths with
 * good, huge, negative and non-numeric ids; queries and bodies valid-ish and hostile: wrong
 * types, NUL, deep nesting, huge numbers, unicode), signed in and not. Whatever comes in:
 * never a 5xx, every 4xx in the contract's error shape, no answer slower than 1 s.
 *
 * Bounded: 200 cases per operation when CI is set, 25 otherwise (FUZZ_RUNS changes it). A
 * failure names the seed: rerun with FUZZ_SEED=<seed> to get the same requests.
 *
 * The collaboration socket (/api/collab) is no OpenAPI operation: random frames go through it in
 * hostile-collab.test.ts (FUZZ_COLLAB).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 200 : 25));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SLOWEST_MS = 1000;

/* ---------------- the application under test and its data ---------------- */

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});

const alice = await signedInUser(ctx);
const bob = await signedInUser(ctx);
const asAlice = { authorization: `Bearer ${alice.access}` };

async function create(url: string, payload: object, headers = asAlice): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url, payload, headers });
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json<{ id: number }>().id;
}
const collection = await create('/api/collections/list/', { name: 'Fuzz' });
const tag = await create('/api/collections/tags/', { name: 'fuzz' });
const content = await create('/api/collections/contents-list/', { title: 'F', content: 'Body' });
const note = await create('/api/collections/notes/', { collection, title: 'N', content: 'Body' });
const { body: fileBody, contentType: fileType } = multipartBody({
  name: 'fuzz.txt',
  bytes: Buffer.from('fuzz'),
});
const fileUpload = await ctx.app.inject({
  method: 'POST',
  url: '/api/collections/files/',
  headers: { ...asAlice, 'content-type': fileType },
  payload: fileBody,
});
const file = fileUpload.json<{ id: number }>().id;
const bobsCollection = await create(
  '/api/collections/list/',
  { name: 'Bob' },
  {
    authorization: `Bearer ${bob.access}`,
  },
);
/** Ids that exist: the caller's own, another user's, and users. */
const knownIds = [collection, tag, content, note, file, bobsCollection, alice.id, bob.id];

/* ---------------- the operations ---------------- */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
const operations = Object.entries(openapi.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path,
    operation,
  })),
);

/* ---------------- values ---------------- */

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'invoice\u202Efdp.exe',
  '\u2066\u2069',
  '\uD800',
  '\uDFFF\uD800',
  '😀'.repeat(40),
  'ﾃｽﾄ',
  'e\u0301',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '2147483648',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '\n\r\t\b\f\v',
  'x'.repeat(300),
  '9'.repeat(1000),
];

const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  2 ** 53,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.double(),
  fc.integer(),
  fc.constantFrom(...knownIds),
);

/** Arrays (and objects) nested `depth` levels deep. */
function nestedValue(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.integer({ min: 10, max: 60 }).map((depth) => nestedValue(depth)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value shaped like `schema` most of the time, and a hostile one some of the time. */
function valueFor(schema: JsonSchema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validish(schema, depth, name) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function validish(schema: JsonSchema, depth: number, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => validish(alt, depth, name)));
  }
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  const shaped = fc.oneof(...types.map((type) => ofType(type, schema, depth, name)));
  return schema.nullable ? fc.option(shaped, { nil: null }) : shaped;
}

function ofType(
  type: string,
  schema: JsonSchema,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (name === 'email') {
        return fc.oneof(fc.emailAddress(), fc.constant(alice.email), hostileString);
      }
      if (schema.pattern) {
        return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), hostileString);
      }
      return fc.oneof(
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 40, Math.max(schema.minLength ?? 0, 40)),
        }),
        hostileString,
      );
    case 'integer':
      return fc.oneof(
        fc.constantFrom(...knownIds),
        fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.constantFrom(...HOSTILE_NUMBERS),
      );
    case 'number':
      return fc.oneof(fc.double(), fc.constantFrom(...HOSTILE_NUMBERS));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
    default: {
      if (schema.properties && depth <= 3) {
        const shape = Object.fromEntries(
          Object.entries(schema.properties).map(([key, property]) => [
            key,
            valueFor(property, depth + 1, key),
          ]),
        );
        const record = fc.record(shape, { requiredKeys: schema.required ?? [] });
        // Sometimes a field nobody asked for, or every field required left out.
        return fc.oneof(
          { weight: 4, arbitrary: record },
          {
            weight: 1,
            arbitrary: fc
              .tuple(record, hostileString, hostileValue)
              .map(([value, key, extra]) => ({ ...value, [key]: extra })),
          },
          { weight: 1, arbitrary: fc.constant({}) },
        );
      }
      // A free-form object (meta_data): JSON of any shape, sometimes far too deep.
      return fc.oneof(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 4 }), {
          maxKeys: 5,
        }),
        fc.integer({ min: 10, max: 40 }).map((levels) => ({ deep: nestedValue(levels) })),
        fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }),
      );
    }
  }
}

/* ---------------- requests ---------------- */

/** Percent-encodes every UTF-8 byte: safe for any string, lone surrogates included. */
const percentEncode = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(
    '',
  );

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const idInPath = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...knownIds).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2147483648',
      '99999999999999999999',
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      'abc',
      '%00',
      '%E2%80%AE',
      '%F0%9F%98%80',
      '%',
      '%zz',
      'usage',
      '9'.repeat(199),
      '9'.repeat(250),
    ),
  },
  { weight: 1, arbitrary: hostileString.map(percentEncode) },
);

/**
 * List cursors (`after`, decision 264) that look like the server's (base64url of a JSON array)
 * but are tampered with: another ordering's, keys of the wrong type or range, impossible dates,
 * NUL and lone surrogates, huge and nested values. Each must be a 400, never a 5xx.
 */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TAMPERED_CURSORS = [
  cursorOf(['-created_on', 0]),
  cursorOf(['-created_on', 2 ** 53]),
  cursorOf(['-created_on', -1.5]),
  cursorOf(['-created_on', '1; drop table contents']),
  cursorOf(['-updated_on', '2026-02-30T00:00:00.000000Z', 1]),
  cursorOf(['-updated_on', '99999-01-01T00:00:00.000000Z', 1]),
  cursorOf(['-updated_on', 'infinity', 1]),
  cursorOf(['title', 'a\u0000', 1]),
  cursorOf(['title', '\uD800', 1]),
  cursorOf(['title', 'x'.repeat(700), 1]),
  cursorOf(['name', null, 1]),
  cursorOf(['publish_on', '0000-00-00', 1]),
  cursorOf(['publish_on', null, null]),
  cursorOf(['position', 2 ** 31, 1]),
  cursorOf(['position', [[[[1]]]], 1]),
  cursorOf({ __proto__: { ordering: 'x' } }),
  cursorOf(null),
  Buffer.from([0xc3, 0x28]).toString('base64url'),
  '====',
  'A',
];

const queryValue = fc.oneof(
  // A good cursor (an existing item's id), and tampered ones.
  fc.constantFrom(cursorOf(['-created_on', content]), ...TAMPERED_CURSORS),
  fc.constantFrom(...knownIds).map(String),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom(...HOSTILE_NUMBERS).map(String),
  hostileString,
);

function queryFor(parameters: Parameter[]): fc.Arbitrary<string> {
  const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pairs = fc.array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names, 'page') }, hostileString),
      queryValue,
    ),
    { maxLength: 4 },
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: pairs.map((list) =>
        list.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a[b]=c',
        '=x',
        '&&&',
        'page',
        'page=1&page=2',
        '%zz=1',
        'user=%00',
      ),
    },
  );
}

const authorization = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>(`Bearer ${alice.access}`) },
  { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | undefined>(
      'Bearer garbage',
      'Bearer ',
      `Bearer ${alice.refresh}`,
      'Basic dXNlcjpwYXNz',
      `bearer ${alice.access}`,
      `Bearer ${await forgeToken({ sub: `${alice.id}.0` })}`,
      `Bearer ${await forgeToken({ sub: '2147483648' })}`,
    ),
  },
);

/** Raw bodies that are not the JSON of any object. */
const junkJson = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '12',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"a":1${'0'.repeat(400)}}`,
  `{"a":${'['.repeat(65)}${']'.repeat(65)}}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\uFEFF{}',
);

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

function jsonBody(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const shaped = (schema ? valueFor(schema) : hostileValue).map((value): Body => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  }));
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    {
      weight: 2,
      arbitrary: junkJson.map((payload): Body => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        {},
        { contentType: 'text/plain', payload: 'hello' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=b' },
        { contentType: 'application/json; charset=utf-16', payload: '{}' },
        { contentType: 'multipart/form-data', payload: 'x' },
        { contentType: 'application/xml', payload: '<a/>' },
      ),
    },
  );
}

/** A form body of a page's form (the follow form): its fields, valid-ish and hostile. */
function formBody(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const names = Object.keys(schema?.properties ?? {});
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'x'), hostileString), queryValue), {
      maxLength: 3,
    })
    .map((pairs): Body => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'),
    }));
}

function multipartUpload(): fc.Arbitrary<Body> {
  const fileName = fc.oneof(fc.constant('notes.txt'), hostileString);
  const wellFormed = fc
    .tuple(fileName, fc.option(queryValue, { nil: undefined }), fc.constantFrom('file', 'other'))
    .map(([name, contentField, field]): Body => {
      const { body, contentType } = multipartBody(
        { name: name.replace(/["\r\n]/g, '_'), bytes: Buffer.from('hello'), field },
        contentField === undefined ? {} : { content: contentField.replace(/[\r\n]/g, '') },
      );
      return { contentType, payload: body };
    });
  return fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'multipart/form-data', payload: 'abc' },
        { contentType: 'multipart/form-data; boundary=', payload: 'abc' },
        { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\ngarbage' },
        { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz--' },
        { contentType: 'multipart/form-data; boundary=xyz', payload: '' },
        { contentType: 'application/json', payload: '{}' },
        {},
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 200 }).map((cut): Body => {
        const { body, contentType } = multipartBody({ name: 'a.txt', bytes: Buffer.alloc(400, 1) });
        return { contentType, payload: body.subarray(0, cut) };
      }),
    },
  );
}

function requestsFor(op: (typeof operations)[number]): fc.Arbitrary<FuzzRequest> {
  const parameters = op.operation.parameters ?? [];
  const path = fc
    .array(idInPath, { minLength: 1, maxLength: 1 })
    .map(([id]) => op.path.replace(/\{[^}]+\}/g, id ?? '1'));
  const content = op.operation.requestBody?.content;
  const schema = (content?.['application/json'] ?? content?.['application/x-www-form-urlencoded'])
    ?.schema;
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body: fc.Arbitrary<Body> =
    op.method === 'POST' && op.path === '/api/collections/files/'
      ? multipartUpload()
      : content?.['application/x-www-form-urlencoded']
        ? fc.oneof(formBody(schema), jsonBody(schema))
        : takesBody
          ? jsonBody(schema)
          : fc.oneof(
              { weight: 9, arbitrary: fc.constant<Body>({}) },
              { weight: 1, arbitrary: jsonBody(undefined) },
            );
  return fc
    .record({ path, query: queryFor(parameters), auth: authorization, body })
    .map(({ path: url, query, auth, body: { contentType, payload } }) => ({
      method: op.method,
      url: query ? `${url}?${query}` : url,
      headers: {
        ...(auth === undefined ? {} : { authorization: auth }),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    }));
}

/* ---------------- the property ---------------- */

/**
 * A visitor's page (the follow form's answer, a follower mail's link: decision 247) answers its
 * 4xx as a page too, with the pages' CSP and a heading that says what went wrong.
 */
const answersPages = (op: (typeof operations)[number]) =>
  op.path.startsWith('/p/') || op.path.startsWith('/api/followers/');

async function answersWell(request: FuzzRequest, pages = false): Promise<void> {
  const started = performance.now();
  const res = await ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const elapsed = performance.now() - started;
  const where = `${request.method} ${request.url.slice(0, 200)} -> ${res.statusCode}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && request.url.startsWith('/p/') && res.statusCode === 404) {
    // Public pages answer anything not public with their one HTML page (docs/api.md, "Publishing").
    expect(res.headers['content-type'], where).toBe('text/html; charset=utf-8');
    expect(res.body, where).toBe(NOT_FOUND_PAGE);
  } else if (
    res.statusCode >= 400 &&
    pages &&
    res.headers['content-type'] === 'text/html; charset=utf-8'
  ) {
    expect(res.headers['content-security-policy'], where).toContain("default-src 'none'");
    expect(res.body, where).toMatch(/<h1>[^<]+<\/h1>/);
  } else if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body = res.json<Record<string, unknown>>();
    expect(typeof body.message, `${where}: ${res.body.slice(0, 300)}`).toBe('string');
    expect(typeof body.detail, where).toBe('string');
    expect(typeof body.code, where).toBe('string');
  }
  expect(elapsed, `${where} took ${Math.round(elapsed)} ms`).toBeLessThan(SLOWEST_MS);
}

describe('the hostile suite: every operation of /api/openapi.json', () => {
  it('covers every operation of the API', () => {
    const names = operations.map((op) => op.name);
    expect(names.length).toBeGreaterThanOrEqual(39);
    for (const name of [
      'POST /api/auth/login/',
      'PATCH /api/collections/contents-list/{id}/',
      'POST /api/collections/files/',
      'GET /api/collections/files/usage/',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('answers 400 on after to every tampered list cursor, in every ordering (decision 264)', async () => {
    const lists = [
      ['/api/collections/contents-list/', CONTENT_ORDERINGS],
      ['/api/collections/list/', COLLECTION_ORDERINGS],
    ] as const;
    for (const [list, orderings] of lists) {
      const names = operations.find((op) => op.name === `GET ${list}`)?.operation.parameters;
      expect(
        names?.map((p) => p.name),
        list,
      ).toContain('after');
      for (const ordering of orderings) {
        for (const cursor of TAMPERED_CURSORS) {
          const url = `${list}?ordering=${encodeURIComponent(ordering)}&after=${encodeURIComponent(cursor)}`;
          const res = await ctx.app.inject({ method: 'GET', url, headers: asAlice });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(
            res.json<{ errors?: Record<string, string[]> }>().errors?.after,
            url,
          ).toBeDefined();
        }
      }
    }
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: never a 5xx, always the error shape, never slower than 1 s',
    async (name, op) => {
      try {
        const pages = answersPages(op);
        const check = (request: FuzzRequest) => answersWell(request, pages);
        await fc.assert(fc.asyncProperty(requestsFor(op), check), {
          numRuns: RUNS,
          seed: SEED,
        });
      } catch (error) {
        const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
        const message =
          (error instanceof Error ? error.message : String(error)) +
          (cause?.message ? `\nGot: ${cause.message}` : '');
        throw new Error(
          `${name}: failed with seed ${SEED} (rerun with FUZZ_SEED=${SEED})\n${message}`,
        );
      }
    },
    RUNS * 1500 + 60_000,
  );
});
