import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ImportJob } from '@cw/contract';
import { contents, files } from '../src/db/schema';
import { defaultFileStorage } from '../src/library/library.plugin';
import type { FileStorage } from '../src/storage/file-storage';
import { createTestApp, type TestContext } from './helpers';
import { modestlyCompressible, zipOf } from './import-fixtures';
import { multipartBody, signedInCaller, uploadImport, type Caller } from './library-helpers';

/**
 * No error anywhere in a job or a request ends the process (docs/operations.md, "Background jobs";
 * decision 185): every stream of the import, export, upload and download paths is made to fail
 * in turn, on the store's side (a stream that errors half-way) and on the client's (a socket
 * closed half-way), and after each the server still answers. An 'error' event with no listener
 * would end the process; Vitest fails the file on any such error too.
 */

type Fault = 'none' | 'read' | 'write';

/** The disk store, with streams that fail half-way when told to. */
class FaultyStorage implements FileStorage {
  fault: Fault = 'none';
  constructor(private readonly inner: FileStorage) {}
  newKey() {
    return this.inner.newKey();
  }
  async open(key: string) {
    const stream = await this.inner.open(key);
    return this.fault === 'read' ? stream.pipe(failingAfter(1024)) : stream;
  }
  write(key: string, stream: Readable, maxBytes: number) {
    if (this.fault !== 'write') return this.inner.write(key, stream, maxBytes);
    const failing = failingAfter(1024);
    stream.on('error', (error) => failing.destroy(error));
    return this.inner.write(key, stream.pipe(failing), maxBytes);
  }
  remove(key: string) {
    return this.inner.remove(key);
  }
  check() {
    return this.inner.check();
  }
}

/** Passes the first `bytes`, then fails once with a read error (and takes nothing more). */
function failingAfter(bytes: number): Transform {
  let seen = 0;
  let failed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (failed) return done();
      seen += chunk.length;
      if (seen <= bytes) return done(null, chunk);
      failed = true;
      done(new Error('EIO: i/o error, read (a test fault)'));
    },
  });
}

let ctx: TestContext;
let storage: FaultyStorage;
let port: number;
let owner: Caller;
let fileId: number;

beforeAll(async () => {
  const dataDir = `/tmp/cw-test-${process.pid}-streams`;
  storage = new FaultyStorage(defaultFileStorage(dataDir));
  ctx = await createTestApp({ dataDir }, { fileStorage: storage });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  owner = await signedInCaller(ctx);
  const uploaded = await owner.upload({
    name: 'clip.bin',
    bytes: modestlyCompressible(2 * 1024 * 1024),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  fileId = uploaded.json<{ id: number }>().id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

/** GET /api/health over the socket: the process lives and answers. */
async function expectAnswering(): Promise<void> {
  const status = await new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
  expect(status).toBe(200);
  expect((await owner.get('/api/collections/files/')).statusCode).toBe(200);
}

/** A request whose answer is read for `bytes` bytes, then its socket closed. */
function readThenHangUp(options: http.RequestOptions, bytes: number, body?: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen >= bytes) request.destroy();
      });
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    if (body) request.end(body);
    else request.end();
  });
}

/** Sends the first `bytes` of `body` (a request declaring all of it), then closes the socket. */
function sendPartThenHangUp(url: string, body: Buffer, contentType: string, bytes: number) {
  return new Promise<void>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        ...owner.auth,
        'content-type': contentType,
        'content-length': String(body.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(body.subarray(0, bytes), () => {
      setTimeout(() => request.destroy(), 50);
    });
  });
}

async function rows(userId: number) {
  const db = ctx.database.db;
  const [c] = await db.select({ n: count() }).from(contents).where(eq(contents.userId, userId));
  const [f] = await db.select({ n: count() }).from(files).where(eq(files.userId, userId));
  return [c!.n, f!.n];
}

describe('downloads: a stream that fails half-way never ends the process', () => {
  it('the stored file’s stream fails while it is sent', async () => {
    storage.fault = 'read';
    try {
      await readThenHangUp(
        { path: `/api/collections/files/${fileId}/download/`, headers: owner.auth },
        Infinity,
      );
    } finally {
      storage.fault = 'none';
    }
    await expectAnswering();
  });

  it('the client closes its socket half-way through', async () => {
    await readThenHangUp(
      { path: `/api/collections/files/${fileId}/download/`, headers: owner.auth },
      64 * 1024,
    );
    await expectAnswering();
  });
});

describe('exports: a stream that fails half-way never ends the process', () => {
  it('a stored file’s stream fails while the zip is written', async () => {
    storage.fault = 'read';
    try {
      await readThenHangUp({ path: '/api/export/', headers: owner.auth }, Infinity);
    } finally {
      storage.fault = 'none';
    }
    await expectAnswering();
  });

  it('the client closes its socket half-way through the zip', async () => {
    await readThenHangUp({ path: '/api/export/', headers: owner.auth }, 32 * 1024);
    await expectAnswering();
  });
});

describe('uploads: a stream that fails half-way never ends the process and keeps nothing', () => {
  it('the store fails while it writes the bytes', async () => {
    const uma = await signedInCaller(ctx);
    storage.fault = 'write';
    try {
      const answer = await uma.upload({ name: 'big.bin', bytes: modestlyCompressible(256 * 1024) });
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
      expect(answer.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    } finally {
      storage.fault = 'none';
    }
    expect(await rows(uma.id)).toEqual([0, 0]);
    await expectAnswering();
  });

  it('the client closes its socket half-way through the body', async () => {
    const { body, contentType } = multipartBody({
      name: 'big.bin',
      bytes: modestlyCompressible(1024 * 1024),
    });
    await sendPartThenHangUp('/api/collections/files/', body, contentType, 256 * 1024);
    await expectAnswering();
    const tmp = path.join(ctx.config.dataDir, 'files', 'tmp');
    // The part file of the cut-off upload is removed once the request has ended.
    await expect
      .poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0), { timeout: 5000 })
      .toBe(0);
  });
});

describe('imports: a stream that fails half-way never ends the process and keeps nothing', () => {
  const vault = () =>
    zipOf({
      'Vault/a.md': 'A note.\n\n![[clip.bin]]\n',
      'Vault/clip.bin': modestlyCompressible(64 * 1024),
      'Vault/b.md': 'Another.\n',
    });

  async function start(caller: Caller): Promise<number> {
    const answer = await uploadImport(ctx, caller, await vault());
    expect(answer.statusCode, answer.body).toBe(202);
    return answer.json<ImportJob>().id;
  }

  it.each([
    ['the stored archive’s stream fails while it is copied for reading', 'read'],
    ['the store fails while it writes an attachment', 'write'],
  ] as const)('%s', async (_what, fault) => {
    const ivy = await signedInCaller(ctx);
    const id = await start(ivy);
    storage.fault = fault;
    try {
      await ctx.jobs.runDue();
    } finally {
      storage.fault = 'none';
    }
    const job = (await ivy.get(`/api/import/${id}/`)).json<ImportJob>();
    expect(job.status).toBe('failed');
    expect(await rows(ivy.id)).toEqual([0, 0]);
    await expectAnswering();
  });

  it('the client closes its socket half-way through the archive’s upload', async () => {
    const { body, contentType } = multipartBody({
      name: 'a.zip',
      bytes: modestlyCompressible(1024 * 1024),
    });
    await sendPartThenHangUp('/api/import/', body, contentType, 256 * 1024);
    await expectAnswering();
  });
});
