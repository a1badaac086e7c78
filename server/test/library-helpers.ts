import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser, type SignedInUser } from './factories';
import type { TestContext } from './helpers';

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
