import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../src/storage/s3-file-storage';
import { createTestApp, type TestContext } from './helpers';
import { startS3Server, type S3Server } from './s3-support';

/** GET /api/ready and GET /api/metrics (docs/operations.md, "Many instances"). */

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

describe('GET /api/ready', () => {
  it('answers 200 when the database and the disk store answer', async () => {
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    } finally {
      await ctx.close();
    }
  });

  it('answers 200 with an S3 bucket that exists, 503 in the error shape when it is missing', async () => {
    const bucket = S3FileStorage.fromSettings(await s3.createBucket('cw-ready-test'));
    const ready = await createTestApp({}, { fileStorage: bucket });
    const missing = S3FileStorage.fromSettings(s3.settings('cw-ready-missing'));
    const notReady = await createTestApp({}, { fileStorage: missing });
    try {
      expect((await ready.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const res = await notReady.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        message: 'The file store is not answering.',
        detail: 'The file store is not answering.',
        code: 'unavailable',
      });
      // Liveness is not readiness: the process itself is fine.
      expect((await notReady.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
        200,
      );
    } finally {
      await ready.close();
      await notReady.close();
      bucket.close();
      missing.close();
    }
  });

  it('answers 503 when the database is down', async () => {
    const ctx = await createTestApp();
    const { app, database } = ctx;
    // The database goes away under a running app (its pool or PGlite closed).
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        code: 'unavailable',
        message: 'The database is not answering.',
      });
    } finally {
      await app.close();
      await ctx.close().catch(() => undefined);
    }
  });
});

describe('GET /api/metrics', () => {
  let ctx: TestContext;
  let withoutToken: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ metricsToken: METRICS_TOKEN });
    withoutToken = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
    await withoutToken.close();
  });

  it('is absent (404, as any unknown route) when METRICS_TOKEN is unset, even with a token', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
      const res = await withoutToken.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers 401 in the error shape without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      METRICS_TOKEN,
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'not_authenticated' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text with the token: route patterns, event-loop lag, the database', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/collections/list/12345/' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-67890' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // The pattern, never the URL a client sent.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/collections\/list\/:id\/",status_code="401"\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/health"/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched"/);
    expect(text).not.toContain('12345');
    expect(text).not.toContain('no-such-thing');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Answers stripped by zod (decision 178): declared, and none here.
    expect(text).toContain('# TYPE http_answers_copied_by_zod_total counter');
    expect(text).not.toMatch(/^http_answers_copied_by_zod_total\{/m);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain(`db_info{driver="${ctx.database.kind}"} 1`);
    if (ctx.database.kind === 'postgres') {
      expect(text).toMatch(/db_pool_connections\{state="max"\} 10/);
      expect(text).toMatch(/db_pool_waiting_queries \d+/);
    }
  });

  it('is not in /api/openapi.json (an operator endpoint); /api/ready is', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(spec.paths['/api/metrics']).toBeUndefined();
    expect(spec.paths['/api/ready']).toBeDefined();
  });
});
