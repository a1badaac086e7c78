import { Ajv, type ValidateFunction } from 'ajv';
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

/** Checks of strings and numbers whose JSON Schema keyword is exactly as strict as zod. */
const EXACT_CHECKS: Record<string, ReadonlySet<string>> = {
  string: new Set(['min_length', 'max_length', 'length_equals']),
  // Not multiple_of: zod allows for floating-point error where JSON Schema's remainder does not.
  number: new Set(['greater_than', 'less_than', 'number_format']),
  array: new Set(['min_length', 'max_length', 'length_equals']),
};
const NUMBER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'float32', 'float64']);
const PRIMITIVE_LITERAL = new Set(['string', 'number', 'boolean']);
const SCALAR = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

/**
 * Whether a schema's JSON Schema (`z.toJSONSchema`, output side) accepts exactly what its zod
 * parse accepts, and a value it accepts is one zod would hand back unchanged: plain objects
 * that strip unknown keys (their JSON Schema forbids extra keys, so a value with none passes),
 * arrays and fixed tuples, strings and numbers with length, range and integer checks only,
 * booleans, null, literals, enums, nullable, optional, unions of scalars, string-keyed records
 * and unknown. Anything else (a format such as email, a regex, a refinement, a lazy, a date or
 * a union of objects) is left to zod alone.
 */
export function checkedExactlyByJsonSchema(schema: unknown): boolean {
  if (!isZod(schema)) return false;
  const def = schema._zod.def as ZodNode['_zod']['def'] & {
    checks?: ZodNode[];
    format?: string;
  };
  const checksExact = (def.checks ?? []).every((check) => {
    const { check: kind, format } = check._zod.def as { check?: string; format?: string };
    return (
      kind !== undefined &&
      (EXACT_CHECKS[def.type]?.has(kind) ?? false) &&
      (kind !== 'number_format' || (format !== undefined && NUMBER_FORMATS.has(format)))
    );
  });
  if (!checksExact) return false;
  switch (def.type) {
    case 'boolean':
    case 'null':
    case 'unknown':
    case 'any':
    case 'enum':
    case 'number':
      return true;
    case 'string':
      return def.format === undefined;
    case 'literal':
      return (def.values as unknown[]).every((value) => PRIMITIVE_LITERAL.has(typeof value));
    case 'nullable':
    case 'optional':
      return checkedExactlyByJsonSchema(def.innerType);
    case 'array':
      return checkedExactlyByJsonSchema(def.element);
    case 'tuple':
      // A fixed length (no rest, no optional item): `minItems`, `maxItems` and no extra items.
      return (
        (def.rest === null || def.rest === undefined) &&
        (def.items as unknown[]).every(
          (item) =>
            isZod(item) && item._zod.def.type !== 'optional' && checkedExactlyByJsonSchema(item),
        )
      );
    case 'union':
      // Options of scalars only: zod hands back the first option that accepts a value, stripped
      // to that option's keys, where a JSON Schema would accept a later option's object whole.
      return (def.options as unknown[]).every(
        (option) =>
          isZod(option) && SCALAR.has(option._zod.def.type) && checkedExactlyByJsonSchema(option),
      );
    case 'record': {
      const key = def.keyType as ZodNode | undefined;
      const plainStringKey =
        key !== undefined &&
        key._zod.def.type === 'string' &&
        (key._zod.def as { checks?: unknown[]; format?: string }).checks === undefined &&
        (key._zod.def as { format?: string }).format === undefined;
      return plainStringKey && checkedExactlyByJsonSchema(def.valueType);
    }
    case 'object':
      return (
        def.catchall === undefined &&
        Object.values(def.shape as Record<string, unknown>).every((field) =>
          checkedExactlyByJsonSchema(field),
        )
      );
    default:
      return false;
  }
}

/**
 * One validator compiler for every answer's JSON Schema: numbers must be finite (as zod's),
 * formats are never consulted (checkedExactlyByJsonSchema admits none), and no value is changed
 * (no defaults, coercion or removal).
 */
const ajv = new Ajv({
  strict: false,
  strictNumbers: true,
  validateFormats: false,
  allErrors: false,
  allowUnionTypes: true,
});

/** Validators by schema: the contract's schemas are shared by every app of the process. */
const validators = new WeakMap<z.ZodType, ValidateFunction | undefined>();

/** The JSON Schema validator of an answer's schema, when it is exactly as strict as zod. */
export function exactValidatorOf(schema: z.ZodType): ValidateFunction | undefined {
  if (validators.has(schema)) return validators.get(schema);
  const validator = checkedExactlyByJsonSchema(schema)
    ? ajv.compile(
        z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }),
      )
    : undefined;
  validators.set(schema, validator);
  return validator;
}

/**
 * The answers' serializer (decisions 173 and 178). Every answer is checked against its schema and
 * never carries a field the schema does not name:
 *
 * - When the schema's JSON Schema is exactly as strict as zod (checkedExactlyByJsonSchema: every
 *   answer of the contract but the restore), a validator compiled from it checks the value
 *   without building anything; a value it accepts is what zod would hand back, so it is written
 *   as it is. A compiled check allocates nothing, where zod's parse builds a checked copy of the
 *   whole answer (a page of 50 collections: about a third of what the request allocates).
 * - Otherwise, or when that check refuses the value, zod's `safeParse` checks it, strips the
 *   fields the schema does not name (then `onCopiedByZod` is told the route's pattern: the
 *   metric of docs/operations.md, "Metrics"), or refuses it (500).
 *
 * `safeParse` runs zod's compiled object checks; `safeEncode` (what fastify-type-provider-zod
 * uses) takes zod's slow path, about five times the cost. A schema with a pipe, transform or
 * default keeps `safeEncode`, so a codec can never be run the wrong way.
 */
export function answersSerializer(
  onCopiedByZod?: (route: string) => void,
): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = route.schema;
    if (!(schema instanceof z.ZodType) || !parsesAsItEncodes(schema))
      return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    const { method, url } = route;
    // Compiled at the route's first answer, so routes never used cost nothing.
    let validator: ValidateFunction | undefined | null = null;
    return (data) => {
      if (validator === null) validator = exactValidatorOf(schema);
      if (validator?.(data) === true) return JSON.stringify(data);
      const result = schema.safeParse(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (validator !== undefined) onCopiedByZod?.(url);
      return JSON.stringify(result.data);
    };
  };
}

/** The serializer without a metric (tests, and apps built without METRICS_TOKEN alike). */
export const responseSerializerCompiler = answersSerializer();
