import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, endpoints, type RouteName } from '@cw/contract';
import { parsesAsItEncodes, responseSerializerCompiler } from '../src/http/response-serializer';

/** A bare app with the product's serializer and one GET route answering `answer`. */
async function serving(schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return response;
}

describe('the answers serializer (decision 173)', () => {
  it('takes the fast check for every answer of the contract', () => {
    const slow = (Object.keys(endpoints) as RouteName[]).filter(
      (name) => !parsesAsItEncodes(endpoints[name].success.schema),
    );
    expect(slow).toEqual([]);
    expect(parsesAsItEncodes(apiErrorSchema)).toBe(true);
  });

  it('finds what reads differently in each direction, however deep', () => {
    const inner = z.object({ at: z.string().default('now') });
    expect(parsesAsItEncodes(z.object({ list: z.array(inner.nullable()) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ n: z.string().transform(Number) }))).toBe(false);
    expect(parsesAsItEncodes(z.union([z.string(), z.string().pipe(z.email())]))).toBe(false);
    expect(parsesAsItEncodes(z.record(z.string(), z.number().catch(0)))).toBe(false);
    const lazy: z.ZodType = z.lazy(() => z.object({ next: lazy.optional(), n: z.number() }));
    expect(parsesAsItEncodes(lazy)).toBe(true);
  });

  it('never sends a field the schema does not name, at any depth', async () => {
    const schema = z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) });
    const response = await serving(schema, {
      id: 1,
      password_hash: 'secret',
      items: [{ name: 'a', owner_email: 'someone@example.com' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, items: [{ name: 'a' }] });
  });

  it('refuses an answer that does not match its schema (500, nothing of it sent)', async () => {
    const schema = z.object({ id: z.number(), role: z.enum(['owner', 'viewer']) });
    const response = await serving(schema, { id: 1, role: 'admin' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('admin');
  });

  it('still encodes a schema with a codec the way it is written', async () => {
    const when = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const response = await serving(z.object({ at: when }), { at: new Date(0) });
    expect(response.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
