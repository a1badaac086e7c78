import { spawn } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf, routes, type RouteName } from '@cw/contract';
import type { LightMyRequestResponse } from 'fastify';
import {
  bodyLimitFor,
  jsonBodyRuleFor,
  META_DATA_BODY_VALUES,
  SMALL_BODY_LIMIT,
} from '../src/http/body-limits';
import { jsonNestsDeeperThan, jsonShapeProblem, MAX_JSON_DEPTH } from '../src/http/json-body';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';

const errorShape = {
  message: expect.any(String),
  detail: expect.any(String),
  code: expect.any(String),
};

let ctx: TestContext;
let alice: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('CPU stall: per-route body limits', () => {
  it('decides every limit in one function: 16 KiB for auth and small calls, more for long texts', () => {
    expect(bodyLimitFor('POST', '/api/auth/login/')).toBe(16 * 1024);
    expect(bodyLimitFor('POST', '/api/collections/tags/')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitFor('PATCH', '/api/collections/files/:id/')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/collections/contents-list/')).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor('PATCH', '/api/collections/contents-list/:id/')).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor('POST', '/api/collections/notes/')).toBeGreaterThanOrEqual(400_000);
    expect(bodyLimitFor('POST', '/api/collections/notes/')).toBeLessThan(1024 * 1024);
  });

  it('answers a 17 KiB body to /api/auth/login/ with 413 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'a@example.com', password: 'x'.repeat(17 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ...errorShape, code: 'payload_too_large' });
  });

  it('answers a 17 KiB tag with 413, and takes a 1,000,000-character content item', async () => {
    const tag = await alice.post('/api/collections/tags/', { name: 'x'.repeat(17 * 1024) });
    expect(tag.statusCode).toBe(413);
    const item = await alice.post('/api/collections/contents-list/', {
      title: 'long',
      content: '\u{1F600}'.repeat(500_000),
    });
    expect(item.statusCode).toBe(201);
  });

  it('takes a note of 100,000 characters of four-byte letters', async () => {
    const collection = await alice.post('/api/collections/list/', { name: 'Notes here' });
    const note = await alice.post('/api/collections/notes/', {
      collection: collection.json<{ id: number }>().id,
      title: 'long',
      content: '\u{1F600}'.repeat(50_000),
    });
    expect(note.statusCode).toBe(201);
  });
});

describe('CPU stall: JSON nesting', () => {
  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} with 400 before parsing`, async () => {
    const deep = await ctx.app.inject({
      method: 'POST',
      url: '/api/collections/contents-list/',
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/json' },
      payload: `{"title":"t","content":"c","meta_data":{"a":${nested(MAX_JSON_DEPTH)}}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ ...errorShape, code: 'parse_error' });
    expect(deep.json<{ message: string }>().message).toMatch(/nested deeper than 64/);
  });

  it('reads nesting of exactly 64 (then validation decides)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@example.com","password":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid' });
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 64)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"${'['.repeat(100)}"]`, 64)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",${nested(64)}]`, 64)).toBe(true);
    expect(jsonNestsDeeperThan(nested(64), 64)).toBe(false);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64)).toBe(true);
    expect(jsonNestsDeeperThan(`]]]]${nested(100)}`, 64)).toBe(false);
  });
});

const HANDLER_START = 'tracing:fastify.request.handler:start';

/**
 * The longest the event loop went without running a timer while one request was read and
 * checked: from the call until its handler starts (Fastify's diagnostics channel), or until the
 * answer when the request was refused before any handler. A handler's own work (a PGlite insert
 * runs on this thread) is not the reader's and is not counted. Each gap counts the CPU time the
 * process spent in it when that is less than the wall time: on this shared 2-core machine the
 * process can wait for a core for a long while, which is not the loop being held.
 */
async function heldWhileReadAndChecked(send: () => Promise<LightMyRequestResponse>) {
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  let held = 0;
  let handlerStarted = false;
  const tick = () => {
    const wall = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    if (!handlerStarted) {
      held = Math.max(held, Math.min(wall - lastWall, (cpu.user + cpu.system) / 1000));
    }
    lastWall = wall;
    lastCpu = process.cpuUsage();
  };
  const onHandlerStart = () => {
    tick();
    handlerStarted = true;
  };
  diagnostics.subscribe(HANDLER_START, onHandlerStart);
  const timer = setInterval(tick, 1);
  try {
    const res = await send();
    tick();
    return { res, held };
  } finally {
    clearInterval(timer);
    diagnostics.unsubscribe(HANDLER_START, onHandlerStart);
  }
}

/**
 * `open` + as many `item`s as fit in `bytes` (comma-separated) + `close`. A constant item is
 * repeated without an array, so building the body leaves little garbage to collect while the
 * next request is measured.
 */
function filled(
  bytes: number,
  open: string,
  item: string | ((i: number) => string),
  close: string,
): string {
  if (typeof item === 'string') {
    const count = Math.floor((bytes - open.length - close.length + 1) / (item.length + 1));
    return `${open}${`${item},`.repeat(count - 1)}${item}${close}`;
  }
  const parts: string[] = [];
  let size = open.length + close.length;
  for (let i = 0; ; i += 1) {
    const next = item(i);
    if (size + next.length + 1 > bytes) break;
    parts.push(next);
    size += next.length + 1;
  }
  return `${open}${parts.join(',')}${close}`;
}

/** A route that takes more than a small body, and what a body of its own looks like. */
interface LargeRoute {
  name: RouteName;
  /** Fields every body carries besides its longest text (`COLLECTION` for the collection id). */
  base: string;
  /** Its longest text field and that field's most characters. */
  text: string;
  textMax: number;
  /** A list field (ids, or a note's tag names) and an item of the wrong type for it. */
  list: string;
  wrongItem: string;
  meta: boolean;
  ok: number;
}

const ids = { collection: 0, item: 0, note: 0 };

const LARGE_ROUTES: LargeRoute[] = [
  ...(['contents.create', 'contents.update'] as const).map((name) => ({
    name,
    base: '"title":"t"',
    text: 'content',
    textMax: 1_000_000,
    list: 'tags',
    wrongItem: '-1',
    meta: true,
    ok: name === 'contents.create' ? 201 : 200,
  })),
  ...(['notes.create', 'notes.update'] as const).map((name) => ({
    name,
    base: name === 'notes.create' ? '"collection":COLLECTION,"title":"t"' : '"title":"t"',
    text: 'content',
    textMax: 100_000,
    list: 'tags',
    wrongItem: '""',
    meta: false,
    ok: name === 'notes.create' ? 201 : 200,
  })),
  // A template holds a script's text (decision 235).
  {
    name: 'templates.create',
    base: '"name":"n"',
    text: 'content',
    textMax: 1_000_000,
    list: 'tags',
    wrongItem: '""',
    meta: false,
    ok: 201,
  },
  ...(['collections.create', 'collections.update'] as const).map((name) => ({
    name,
    base: '"name":"n"',
    text: 'description',
    textMax: 5_000,
    list: 'tags',
    wrongItem: '-1',
    meta: true,
    ok: name === 'collections.create' ? 201 : 200,
  })),
];

function urlOf(name: RouteName): string {
  if (name === 'contents.update') return pathOf(name, { id: ids.item });
  if (name === 'notes.update') return pathOf(name, { id: ids.note });
  if (name === 'collections.update') return pathOf(name, { id: ids.collection });
  return routes[name].path;
}

interface WorstBody {
  what: string;
  /** Built when it is sent, so the bodies of one route are not all in memory at once. */
  body: () => string;
  status: number;
  code?: string;
}

/**
 * An object of as many unknown keys as the route reads: more values than the route takes is
 * refused before parsing; fewer (a collection's 64 KiB hold 7,000 keys) are parsed and dropped
 * by the schema, so a create still lacks its fields and an update changes nothing.
 */
function manyKeys(limit: number, maxValues: number, route: LargeRoute): WorstBody {
  const keys = filled(limit, '{', (i) => `"k${i}":0`, '}').split(',').length;
  const body = () => filled(limit, '{', (i) => `"k${i}":0`, '}');
  if (keys > maxValues + 1) {
    return { what: 'an object with a huge key count', body, status: 400, code: 'parse_error' };
  }
  const create = route.ok === 201;
  return {
    what: `an object with a huge key count (${keys} keys)`,
    body,
    status: create ? 400 : 200,
    ...(create ? { code: 'invalid' } : {}),
  };
}

/** The worst bodies of one route, each at (or just within) what the route reads. */
function worstBodies(route: LargeRoute): WorstBody[] {
  const { method, path } = routes[route.name];
  const { limit, maxValues, maxString } = jsonBodyRuleFor(method, path);
  const base = route.base.replace('COLLECTION', String(ids.collection));
  const fields = `${base},"${route.text}":"c"`;
  const withText = (text: string) => `{${base},"${route.text}":"${text}"}`;
  const room = limit - base.length - route.text.length - 20;
  const list = (items: string) => `{${fields},"${route.list}":[${items}]}`;
  const bodies: WorstBody[] = [
    {
      what: 'a huge array',
      body: () => filled(limit, '[', '0', ']'),
      status: 400,
      code: 'invalid',
    },
    {
      what: 'a long string',
      body: () => `"${'x'.repeat(limit - 2)}"`,
      status: 400,
      code: 'invalid',
    },
    manyKeys(limit, maxValues, route),
    {
      what: 'a huge list in a field',
      body: () => filled(limit, `{${fields},"${route.list}":[`, '1', ']}'),
      status: 400,
      code: 'parse_error',
    },
    {
      what: 'a huge list of strings in a field',
      body: () => filled(limit, `{${fields},"${route.list}":[`, '""', ']}'),
      status: 400,
      code: 'parse_error',
    },
    {
      what: 'all the values it reads, each of the wrong type',
      body: () =>
        list(
          Array<string>(maxValues - 20)
            .fill(route.wrongItem)
            .join(','),
        ),
      status: 400,
      code: 'invalid',
    },
    {
      // Longer than twice its longest field: refused before parsing; else the field's rule.
      what: 'a string of escaped quotes as long as it reads',
      body: () => withText('\\"'.repeat(Math.floor(room / 2))),
      status: 400,
      code: Math.floor(room / 2) > (maxString ?? Infinity) ? 'parse_error' : 'invalid',
    },
    {
      what: 'its longest text, every character escaped',
      body: () => withText('\\u00e9'.repeat(Math.min(route.textMax, Math.floor(room / 6)))),
      status: route.ok,
    },
  ];
  if (route.meta) {
    bodies.push(
      {
        what: 'meta_data with all the keys it reads',
        body: () =>
          `{${fields},"meta_data":{${Array.from({ length: maxValues - 20 }, (_, i) => `"k${i}":0`).join(',')}}}`,
        status: 400,
        code: 'invalid',
      },
      {
        what: 'meta_data with all the values it reads',
        body: () =>
          `{${fields},"meta_data":{"a":[${Array<string>(maxValues - 20)
            .fill('0')
            .join(',')}]}}`,
        status: 400,
        code: 'invalid',
      },
    );
  }
  // Values that do not fit in the route's bytes are over its limit before anything else.
  return bodies;
}

/**
 * Generous: a body read and checked in one go takes a few milliseconds on a quiet machine (the
 * rule is 50 ms); this shared one can pause any test for 100 ms. Before the fix, a 4.9 MB array
 * held the loop for 1.4 s and meta_data with 300,000 keys for 1.5 s.
 */
const HELD_AT_MOST_MS = 250;

describe('Bodies: no signed-in JSON body holds the event loop while it is read and checked (a 4.9 MB array to a content route held it 1.4 s)', () => {
  beforeAll(async () => {
    ids.collection = (await alice.post('/api/collections/list/', { name: 'Bodies' })).json<{
      id: number;
    }>().id;
    ids.item = (
      await alice.post('/api/collections/contents-list/', { title: 'Item', content: 'Text' })
    ).json<{ id: number }>().id;
    ids.note = (
      await alice.post('/api/collections/notes/', {
        collection: ids.collection,
        title: 'Note',
        content: 'Text',
      })
    ).json<{ id: number }>().id;
  });

  it('gives every route of the table the limits it needs: objects only, small unless listed', () => {
    for (const name of Object.keys(routes) as RouteName[]) {
      const { method, path } = routes[name];
      const rule = jsonBodyRuleFor(method, path);
      const endpoint = endpoints[name];
      if ('body' in endpoint) expect(rule.topLevel, name).toBe('object');
      if (!LARGE_ROUTES.some((route) => route.name === name)) {
        expect(rule.limit, name).toBe(SMALL_BODY_LIMIT);
      }
    }
    // List and filter routes read their filters from the query string: small bodies.
    expect(bodyLimitFor('GET', '/api/collections/contents-list/')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitFor('DELETE', '/api/collections/contents-list/:id/')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/collections/contents-list/:id/versions/')).toBe(
      SMALL_BODY_LIMIT,
    );
    expect(jsonBodyRuleFor('POST', '/api/collections/list/').maxValues).toBe(META_DATA_BODY_VALUES);
  });

  it('judges the top-level type, the values and the nesting in one pass before parsing', () => {
    const limits = { maxDepth: 64, maxValues: 3, topLevel: 'object' } as const;
    expect(jsonShapeProblem(' \n[{}]', limits)).toBe('wrong_type');
    expect(jsonShapeProblem('"{"', limits)).toBe('wrong_type');
    expect(jsonShapeProblem('\ufeff{"a":1}', limits)).toBeNull();
    expect(jsonShapeProblem('', limits)).toBeNull();
    expect(jsonShapeProblem('{"a":[1,2]}', limits)).toBeNull();
    expect(jsonShapeProblem('{"a":[1,2,3]}', limits)).toBe('too_many_values');
    // Commas and brackets in strings are not values, whatever their escapes.
    expect(jsonShapeProblem('{"a":"[,,,]","b":"\\",,,,"}', limits)).toBeNull();
    expect(jsonShapeProblem('{"a":"x\\\\","b":",,,,"}', limits)).toBeNull();
    expect(jsonShapeProblem('{"a":"x\\\\\\",[,,,,"}', limits)).toBeNull();
    expect(jsonShapeProblem(`{"a":"${'\\"'.repeat(100)},,,,"}`, limits)).toBeNull();
    expect(jsonShapeProblem(`{"a":"${'\\"'.repeat(100)}",1,2,3,4}`, limits)).toBe(
      'too_many_values',
    );
    // Strings are as long as JSON.parse reads them: an escape is one character.
    const strings = { maxDepth: 64, maxString: 4 };
    expect(jsonShapeProblem('{"abcd":"\\u00e9\\"\\\\x"}', strings)).toBeNull();
    expect(jsonShapeProblem('{"abcde":1}', strings)).toBe('string_too_long');
    expect(jsonShapeProblem('["\\u00e9\\"\\\\xy"]', strings)).toBe('string_too_long');
    expect(jsonShapeProblem('["\\"\\"\\"\\"", "\\"\\"\\"\\"\\""]', strings)).toBe(
      'string_too_long',
    );
    expect(jsonShapeProblem(`["${'\\"'.repeat(4)}"]`, strings)).toBeNull();
  });

  it('answers a 4.9 MB array to a content route with 400 before parsing it', async () => {
    const { res, held } = await heldWhileReadAndChecked(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/collections/contents-list/',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: `[${'0,'.repeat(2_449_999)}0]`,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorShape,
      code: 'invalid',
      message: 'The request body must be a JSON object.',
    });
    expect(held).toBeLessThan(HELD_AT_MOST_MS);
  });

  for (const route of LARGE_ROUTES) {
    it(`${route.name}: answers each of its worst bodies at its limit clearly, holding the loop under ${HELD_AT_MOST_MS} ms`, async () => {
      const { method } = routes[route.name];
      const results: string[] = [];
      const { limit } = jsonBodyRuleFor(method, routes[route.name].path);
      for (const worst of worstBodies(route)) {
        const payload = worst.body();
        // Values that do not fit in the route's bytes are over its limit before anything else.
        if (Buffer.byteLength(payload) > limit) {
          Object.assign(worst, { status: 413, code: 'payload_too_large' });
        }
        const { res, held } = await heldWhileReadAndChecked(() =>
          ctx.app.inject({
            method,
            url: urlOf(route.name),
            headers: { ...alice.auth, 'content-type': 'application/json' },
            payload,
          }),
        );
        results.push(`${worst.what}: ${res.statusCode} in ${held.toFixed(0)} ms`);
        expect(res.statusCode, worst.what).toBe(worst.status);
        if (worst.code)
          expect(res.json(), worst.what).toMatchObject({ ...errorShape, code: worst.code });
        expect(held, `${worst.what} (${results.join('; ')})`).toBeLessThan(HELD_AT_MOST_MS);
      }
    });
  }
});

/**
 * The attacker runs in a process of its own, so its work (building and writing 40 MB) is not
 * counted against the server's event loop: eight parallel 5 MB bodies nested to the brim, half
 * with Content-Length, half chunked. Prints one JSON line: the status and body of each answer,
 * or "reset" when the server closed the connection on a refused body.
 */
const ATTACKER = `
const http = require('node:http');
const port = Number(process.argv[1]);
const depth = (5 * 1024 * 1024 - 40) / 2;
const body = Buffer.from('{"email":"a@example.com","password":' + '['.repeat(depth) + ']'.repeat(depth) + '}');
function send(chunked) {
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = body.length;
    const req = http.request({ host: '127.0.0.1', port, path: '/api/auth/login/', method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', () => resolve('reset'));
    });
    req.on('error', () => resolve('reset'));
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 65536);
        offset += piece.length;
        if (!req.write(piece)) return void req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}
Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 === 1))).then((answers) => {
  process.stdout.write(JSON.stringify(answers));
});
`;

/** GET over a fresh socket; resolves with the status. */
function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('CPU stall: the abuse test through a listening server', () => {
  // A liveness check, not a timing target: speed is measured in benchmarks, never in tests on
  // this shared machine (a loaded CI run once saw a 630 ms p99 with the limits working). A
  // server that buffered and parsed the bodies would stall for seconds; 2 s keeps that visible.
  it('keeps /api/health answering (p99 well under 2 s) while eight 5 MB nested bodies go to /api/auth/login/', async () => {
    const server = await createTestApp();
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const attacker = spawn(process.execPath, ['-e', ATTACKER, String(port)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      attacker.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const attackerDone = new Promise<void>((resolve) => attacker.once('exit', () => resolve()));
      let attacking = true;
      void attackerDone.then(() => (attacking = false));

      const latencies: number[] = [];
      while (attacking || latencies.length < 50) {
        const started = performance.now();
        expect(await get(port, '/api/health')).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await attackerDone;

      const answers = JSON.parse(output) as ({ status: number; body: string } | 'reset')[];
      expect(answers).toHaveLength(8);
      for (const answer of answers) {
        if (answer === 'reset') continue;
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({ ...errorShape, code: 'payload_too_large' });
      }
      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? Infinity;
      expect(p99).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });
});
