import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { signedInUser, type SignedInUser } from './factories';
import { createTestApp, type TestContext } from './helpers';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A signed-in user of the test app, with calls that carry their access token. */
export interface Caller extends SignedInUser {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  upload(
    file: { name: string; bytes: Buffer; type?: string } | null,
    fields?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function signedInCaller(ctx: TestContext): Promise<Caller> {
  const user = await signedInUser(ctx);
  const headers = user.auth;
  const call = (method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    ...user,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload ?? {}),
    patch: (url, payload) => call('PATCH', url, payload ?? {}),
    delete: (url) => call('DELETE', url),
    upload: (file, fields = {}) => {
      const { body, contentType } = multipartBody(file, fields);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/collections/files/',
        headers: { ...headers, 'content-type': contentType },
        payload: body,
      });
    },
  };
}

/** A multipart/form-data body: fields first, then the file in the `file` field. */
export function multipartBody(
  file: { name: string; bytes: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----cwtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every byte value 0–255, several times over, in a scrambled order. */
export function allByteValues(repeat = 4): Buffer {
  const bytes = Buffer.alloc(256 * repeat);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 167 + 13) % 256;
  return bytes;
}

/** POST /api/import/ of `bytes` as the zip, by `caller`, on `ctx`'s app. */
export function uploadImport(
  ctx: TestContext,
  caller: Pick<Caller, 'auth'>,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody({
    name: 'archive.zip',
    bytes,
    type: 'application/zip',
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { ...caller.auth, 'content-type': contentType },
    payload: body,
  });
}

/** The test app of a file and its signed-in people, made before its tests (`useTestApp`). */
export interface TestApp {
  ctx: TestContext;
  /** Two people with accounts of their own, signed in. */
  alice: Caller;
  bob: Caller;
}

/**
 * For a test file: a test app and two signed-in people, made before its tests and closed after
 * them (its data directory removed). The fields are set once the file's `beforeAll` has run.
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const app = {} as TestApp;
  beforeAll(async () => {
    app.ctx = await createTestApp(options);
    app.alice = await signedInCaller(app.ctx);
    app.bob = await signedInCaller(app.ctx);
  });
  afterAll(async () => {
    await app.ctx.close();
    fs.rmSync(app.ctx.config.dataDir, { recursive: true, force: true });
  });
  return app;
}
