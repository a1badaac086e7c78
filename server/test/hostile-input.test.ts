import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { multipartBody, signedInCaller, type Caller } from './library-helpers';

const TOO_BIG = 2_147_483_648;
const errorShape = {
  message: expect.any(String),
  detail: expect.any(String),
  code: expect.any(String),
};

let ctx: TestContext;
let alice: Caller;
let collectionId: number;
let contentId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  collectionId = (await alice.post('/api/collections/list/', { name: 'Mine' })).json<{
    id: number;
  }>().id;
  contentId = (
    await alice.post('/api/collections/contents-list/', { title: 'Item', content: 'Body' })
  ).json<{ id: number }>().id;
});
afterAll(async () => {
  await ctx.close();
});

/** Files on disk under DATA_DIR/files (bytes and leftovers), to prove a refusal wrote nothing. */
function filesOnDisk(): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => {
    return fs.statSync(path.join(root, name)).isFile();
  });
}

describe('500 for client input: ids above 2,147,483,647', () => {
  it.each([
    '/api/collections/list/',
    '/api/collections/contents-list/',
    '/api/collections/tags/',
    '/api/collections/files/',
    '/api/collections/notes/',
  ])('answers 404 for such an id in the path of %s', async (base) => {
    for (const id of [TOO_BIG, '99999999999999999999', '-1', '0', '1.5', 'abc']) {
      const res = await alice.get(`${base}${id}/`);
      expect(res.statusCode, `${base}${id}/`).toBe(404);
      expect(res.json()).toEqual({ ...errorShape, code: 'not_found' });
    }
  });

  it.each([
    '/api/collections/list/?user=',
    '/api/collections/contents-list/?tag=',
    '/api/collections/contents-list/?user=',
    '/api/collections/tags/?user=',
    '/api/collections/files/?content=',
    '/api/collections/notes/?collection=',
    '/api/collections/list/?page=',
  ])('answers 400 for such an id in the query %s', async (url) => {
    const res = await alice.get(`${url}${TOO_BIG}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...errorShape, code: 'invalid', errors: expect.any(Object) });
  });

  it('answers 400 for such an id in a body', async () => {
    const calls = [
      alice.post('/api/collections/list/', { name: 'x', tags: [TOO_BIG] }),
      alice.post('/api/collections/list/', { name: 'x', user: TOO_BIG }),
      alice.post('/api/collections/contents-list/', { title: 't', content: 'c', files: [TOO_BIG] }),
      alice.patch(`/api/collections/contents-list/${contentId}/`, { tags: [TOO_BIG] }),
      alice.post('/api/collections/notes/', { collection: TOO_BIG, title: 't', content: 'c' }),
      alice.post('/api/collections/tags/', { name: 'x', user: TOO_BIG }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', errors: expect.any(Object) });
    }
  });
});

describe('500 for client input: NUL characters', () => {
  it('refuses a NUL in first_name on register with 400 and keeps no account', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        first_name: 'Ada\u0000',
        last_name: 'L',
        email: 'nul-name@example.com',
        password: 'secret-pw',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid',
      errors: { first_name: expect.any(Array) },
    });
    expect(ctx.outbox.last('nul-name@example.com')).toBeUndefined();
  });

  it('refuses a NUL in every text field of the auth calls', async () => {
    const bodies: [string, object][] = [
      ['/api/auth/login/', { email: 'a@example.com', password: 'pw\u0000pw' }],
      ['/api/auth/login/', { email: 'a\u0000@example.com', password: 'pwpwpw' }],
      ['/api/auth/send-otp/', { email: 'a@example.com\u0000' }],
      ['/api/auth/verify-otp/', { email: 'a@example.com', otp: '12345\u0000' }],
      ['/api/auth/verify-token/', { token: 'x\u0000' }],
      ['/api/auth/refresh-token/', { refresh: 'x\u0000' }],
    ];
    for (const [url, payload] of bodies) {
      const res = await ctx.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid' });
    }
  });

  it('refuses a NUL in every text field of the library, meta_data included', async () => {
    const calls = [
      alice.post('/api/collections/list/', { name: 'a\u0000' }),
      alice.post('/api/collections/list/', { name: 'a', description: '\u0000' }),
      alice.post('/api/collections/list/', { name: 'a', meta_data: { k: 'v\u0000' } }),
      alice.post('/api/collections/list/', { name: 'a', meta_data: { 'k\u0000': 1 } }),
      alice.post('/api/collections/list/', { name: 'a', meta_data: { k: [[{ x: '\u0000' }]] } }),
      alice.post('/api/collections/contents-list/', {
        title: 't',
        content: 'x'.repeat(9) + '\u0000',
      }),
      alice.post('/api/collections/contents-list/', { title: '\u0000', content: 'c' }),
      alice.post('/api/collections/tags/', { name: 'a\u0000' }),
      alice.get('/api/collections/tags/?name=%00'),
      alice.post('/api/collections/notes/', {
        collection: collectionId,
        title: 't\u0000',
        content: 'c',
      }),
      alice.post('/api/collections/notes/', {
        collection: collectionId,
        title: 't',
        content: 'c\u0000',
      }),
      alice.post('/api/collections/notes/', {
        collection: collectionId,
        title: 't',
        content: 'c',
        tags: ['a\u0000'],
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', errors: expect.any(Object) });
    }
  });

  it('refuses a content of 499,999 emoji and a NUL with 400', async () => {
    const res = await alice.post('/api/collections/contents-list/', {
      title: 'big',
      content: `${'\u{1F600}'.repeat(499_999)}\u0000`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', errors: { content: expect.any(Array) } });
  });
});

describe('500 for client input: meta_data depth', () => {
  const nestedObject = (levels: number) => {
    let value: Record<string, unknown> = { leaf: 1 };
    for (let i = 1; i < levels; i += 1) value = { a: value };
    return value;
  };

  it('takes meta_data 16 levels deep and refuses 17 with 400', async () => {
    const ok = await alice.post('/api/collections/list/', {
      name: 'd',
      meta_data: nestedObject(16),
    });
    expect(ok.statusCode).toBe(201);
    const deep = await alice.post('/api/collections/contents-list/', {
      title: 'd',
      content: 'd',
      meta_data: nestedObject(17),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'invalid',
      errors: { meta_data: expect.any(Array) },
    });
  });

  it('refuses an unpaired surrogate in meta_data with 400, not a 500 from jsonb (fuzz seed 338675458)', async () => {
    for (const payload of [
      '{"name":"n","meta_data":{"\\udfff\\ud800":{}}}',
      '{"name":"n","meta_data":{"a":"x\\ud800"}}',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/collections/list/',
        headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ errors: { meta_data: expect.any(Array) } });
    }
  });

  it('refuses meta_data about 4,100 levels deep with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/collections/list/',
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/json' },
      payload: `{"name":"n","meta_data":${'{"a":'.repeat(4100)}1${'}'.repeat(4100)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...errorShape, code: 'parse_error' });
  });
});

describe('500 for client input: found by the hostile suite', () => {
  it('answers an empty PATCH of a file with the file as it is', async () => {
    const upload = await alice.upload({ name: 'same.txt', bytes: Buffer.from('same') });
    const file = upload.json<{ id: number; name: string }>();
    const res = await alice.patch(`/api/collections/files/${file.id}/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: file.id, name: 'same.txt' });
    expect((await alice.patch('/api/collections/files/999999/', {})).statusCode).toBe(404);
  });
});

describe('500 for client input: multipart', () => {
  const upload = (contentType: string, payload: string | Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/collections/files/',
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': contentType },
      payload,
    });

  it('answers 400 to multipart without a boundary, or with an invalid one', async () => {
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'x'.repeat(71)}`,
      'multipart/form-data; charset=utf-8',
    ]) {
      const res = await upload(type, 'abc');
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ ...errorShape, code: 'parse_error' });
    }
  });

  it('answers 400 to a malformed or truncated multipart body and keeps nothing', async () => {
    const before = filesOnDisk();
    const whole = multipartBody({ name: 'a.txt', bytes: Buffer.alloc(4096, 'a') });
    const truncated = whole.body.subarray(0, 2048);
    for (const [type, payload] of [
      ['multipart/form-data; boundary=xyz', '--xyz\r\ngarbage'],
      ['multipart/form-data; boundary=xyz', 'no boundary anywhere'],
      [whole.contentType, truncated],
    ] as const) {
      const res = await upload(type, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(errorShape);
    }
    expect(filesOnDisk()).toEqual(before);
  });
});

/** Writes raw bytes to the server and returns everything it answered before closing. */
function rawExchange(port: number, data: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

function parseAnswer(answer: string): { status: number; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown };
}

describe('500 for client input: 413, 414 and 431 in the error shape', () => {
  let server: TestContext;
  let port: number;
  beforeAll(async () => {
    server = await createTestApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 413 for a body over its limit', async () => {
    const answer = await rawExchange(
      port,
      'POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 20000\r\nConnection: close\r\n\r\n',
    );
    expect(parseAnswer(answer)).toEqual({
      status: 413,
      body: { ...errorShape, code: 'payload_too_large' },
    });
  });

  it('answers 414 for a path parameter longer than 200 characters', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/collections/list/${'1'.repeat(300)}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(parseAnswer(answer)).toEqual({
      status: 414,
      body: { ...errorShape, code: 'uri_too_long' },
    });
  });

  it('answers 400 for a path that is not valid percent-encoding', async () => {
    const answer = await rawExchange(
      port,
      'GET /api/collections/list/%E0%A4%A/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(parseAnswer(answer)).toEqual({ status: 400, body: { ...errorShape, code: 'bad_url' } });
  });

  it('answers 431 for headers, or a URL, over 16 KiB', async () => {
    for (const request of [
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /api/health?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      expect(parseAnswer(await rawExchange(port, request))).toEqual({
        status: 431,
        body: { ...errorShape, code: 'headers_too_large' },
      });
    }
  });

  it('answers 400 in the error shape for bytes that are not HTTP', async () => {
    expect(parseAnswer(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'))).toEqual({
      status: 400,
      body: { ...errorShape, code: 'bad_request' },
    });
  });
});
