import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';

let ctx: TestContext;
let dist: string;
let alice: Caller;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CW</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  ctx = await createTestApp({}, { webDistDir: dist });
  alice = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('no Cache-Control: authenticated answers and answers with tokens', () => {
  it('sends no-store on signed-in JSON, its errors included', async () => {
    for (const res of [
      await alice.get('/api/collections/list/'),
      await alice.get('/api/collections/list/999999/'),
      await alice.post('/api/collections/tags/', { name: '' }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/user-details/',
        headers: { authorization: `Bearer ${alice.access}` },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/collections/list/',
        headers: { authorization: 'Bearer not-a-token' },
      }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends no-store on every answer that carries tokens', async () => {
    const { email, password, refresh } = await signedInUser(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password },
    });
    expect(login.json()).toHaveProperty('token');
    expect(login.headers['cache-control']).toBe('no-store');
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token/',
      payload: { refresh },
    });
    expect(rotated.json()).toHaveProperty('access');
    expect(rotated.headers['cache-control']).toBe('no-store');
  });

  it('keeps the headers of file downloads and of the web app', async () => {
    const upload = await alice.upload({ name: 'a.txt', bytes: Buffer.from('hello') });
    const file = upload.json<{ id: number }>();
    const download = await alice.get(`/api/collections/files/${file.id}/download/`);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await ctx.app.inject({ method: 'GET', url: '/collections/1' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});

describe('HSTS over plain HTTP', () => {
  it('sends no Strict-Transport-Security over plain http, whatever the client claims', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends it when a trusted proxy says the request came over https', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const overHttps = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const overHttp = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
