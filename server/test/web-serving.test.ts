import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const manifest = JSON.stringify({ name: 'Creator Workspace', start_url: '/dashboard' });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Creator Workspace</title>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'sw.js'), script);
  fs.writeFileSync(path.join(dist, 'sw.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  fs.mkdirSync(path.join(dist, 'prerendered'));
  for (const page of ['index', 'privacy']) {
    fs.writeFileSync(
      path.join(dist, 'prerendered', `${page}.html`),
      `<!doctype html><title>Creator Workspace</title><main>Prerendered ${page}</main>`,
    );
  }
  ctx = await createTestApp({}, { webDistDir: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client routes with the app shell, never cached', async () => {
    for (const url of ['/collections/12', '/content/create', '/no-such-page', '/privacy/x']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Creator Workspace');
      expect(res.body).not.toContain('Prerendered');
    }
  });

  it('answers the prerendered marketing pages with their HTML, never cached', async () => {
    for (const [url, page] of [
      ['/', 'index'],
      ['/?ref=newsletter', 'index'],
      ['/privacy', 'privacy'],
      ['/privacy/', 'privacy'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain(`Prerendered ${page}`);
    }
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves hashed assets precompressed and cacheable forever', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves the plain asset to a client that takes no compression', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves the service worker and the manifest never cached, with their types', async () => {
    for (const encoding of ['gzip', undefined]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/sw.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ start_url: '/dashboard' });
  });

  it('lets the page start its worker and read its manifest from this origin only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
