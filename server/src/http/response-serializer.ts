import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The zod types whose parse and encode differ: a pipe (a codec is one) runs the other way when
 * encoding, a transform refuses to encode, and a default, prefault or catch fills a value in
 * only when parsing.
 */
const DIRECTIONAL = new Set(['pipe', 'transform', 'default', 'prefault', 'catch']);

type ZodNode = { _zod: { def: Record<string, unknown> & { type: string } } };
const isZod = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Whether a schema, with everything inside it, checks a value the same way in both directions.
 * Walks every zod type its definition holds (object shapes, array elements, inner types of
 * optional and nullable, union options, record values, lazy getters).
 */
export function parsesAsItEncodes(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZod(schema) || seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def;
  if (DIRECTIONAL.has(def.type)) return false;
  const inside = (value: unknown): unknown[] => {
    if (isZod(value)) return [value];
    if (Array.isArray(value)) return value.filter(isZod);
    return [];
  };
  for (const [key, value] of Object.entries(def)) {
    const children =
      key === 'getter' && typeof value === 'function'
        ? inside((value as () => unknown)())
        : key === 'shape' && typeof value === 'object' && value !== null && !isZod(value)
          ? Object.values(value).filter(isZod)
          : inside(value);
    if (!children.every((child) => parsesAsItEncodes(child, seen))) return false;
  }
  return true;
}

/**
 * The answers' serializer (decision 173): every answer is still checked by its zod schema and
 * stripped of any field the schema does not name, then `JSON.stringify`. A schema that reads the
 * same both ways (every answer of the contract today) is checked with `safeParse`, which runs
 * zod's compiled object checks; `safeEncode` (what fastify-type-provider-zod uses) takes zod's
 * slow path, about five times the cost for a page of 50 collections. A schema with a pipe,
 * transform or default keeps `safeEncode`, so a codec can never be run the wrong way.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType) || !parsesAsItEncodes(schema))
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const { method, url } = route;
  return (data) => {
    const result = schema.safeParse(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
