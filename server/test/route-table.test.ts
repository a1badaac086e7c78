import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf, routes, type RouteName } from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';

/** Every line the app logs, parsed. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
}

const log = new LogLines();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { logger: pino({ level: 'debug' }, log) });
});
afterAll(async () => {
  await ctx.close();
});

const names = Object.keys(routes) as RouteName[];

describe('the route table of contract/', () => {
  it('is what the server serves: every route registered, with its method and path', () => {
    for (const name of names) {
      const { method, path } = routes[name];
      // With ignoreTrailingSlash the router keeps each path without its final slash.
      expect(ctx.app.hasRoute({ method, url: path.replace(/(.)\/$/, '$1') }), name).toBe(true);
    }
  });

  it('describes every visible route in /api/openapi.json, guarded ones as signed in', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: pathOf('system.openapi') })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    for (const name of names) {
      const endpoint = endpoints[name];
      if ('hidden' in endpoint) continue;
      const openApiPath = routes[name].path.replace(/:(\w+)/g, '{$1}');
      const operation = spec.paths[openApiPath]?.[routes[name].method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(Boolean(operation?.security), name).toBe(endpoint.signedIn);
    }
  });

  it('turns every signed-in route away without a token, in the error shape', async () => {
    for (const name of names.filter((n) => endpoints[n].signedIn)) {
      const { method, path } = routes[name];
      const res = await ctx.app.inject({ method, url: path.replace(/:\w+/g, '1') });
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ code: 'not_authenticated' });
    }
  });

  it('fills path parameters', () => {
    expect(pathOf('files.download', { id: 7 })).toBe('/api/collections/files/7/download/');
    expect(pathOf('collections.list')).toBe('/api/collections/list/');
  });
});

describe('the request log', () => {
  it('writes one line per request at debug, with status and time, and never the query', async () => {
    log.lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/api/health?token=secret-value' });
    const requests = log.lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 20,
      method: 'GET',
      path: '/api/health',
      status: 200,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(log.lines)).not.toContain('secret-value');
  });
});
