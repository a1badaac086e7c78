import { types, type PGlite } from '@electric-sql/pglite';

/**
 * The type parsers drizzle-orm passes with every PGlite query (drizzle-orm/pglite/session.js,
 * `queryConfig`): dates, timestamps, intervals and their arrays stay the text PostgreSQL sends,
 * and drizzle's columns decode them.
 */
const keepText = (value: string): string => value;
export const DRIZZLE_PGLITE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
  [option: string]: unknown;
}
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
interface Queryable {
  query: Query;
  transaction?: (run: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
}

const DRIZZLE_OIDS = Object.keys(DRIZZLE_PGLITE_PARSERS);

/** Whether the instance's own parsers are still drizzle's (PGlite may refresh its array types). */
function instanceHasThem(parsers: Record<number | string, unknown>): boolean {
  return DRIZZLE_OIDS.every((oid) => parsers[oid] === keepText);
}

/** Parser objects already checked to be drizzle's set (each prepared query keeps its own). */
const drizzles = new WeakSet<object>();

function isDrizzles(parsers: Record<number, unknown>): boolean {
  if (drizzles.has(parsers)) return true;
  const oids = Object.keys(parsers);
  const same =
    oids.length === DRIZZLE_OIDS.length && oids.every((oid) => DRIZZLE_OIDS.includes(oid));
  if (same) drizzles.add(parsers);
  return same;
}

/**
 * A query's options without drizzle's `parsers`, when the instance already has them. PGlite
 * merges a query's `parsers` into its own 318 for every query (`{ ...all, ...query }`, in its
 * `parseResults`): a tenth of the embedded server's CPU on a content item (bench/README.md,
 * "Floors"). Options with other parsers, or none, are passed as they are.
 */
function withoutDrizzlesParsers(
  options: QueryOptions | undefined,
  instanceParsers: Record<number | string, unknown>,
): QueryOptions | undefined {
  if (
    options?.parsers === undefined ||
    !isDrizzles(options.parsers) ||
    !instanceHasThem(instanceParsers)
  )
    return options;
  const { parsers: _merged, ...rest } = options;
  return rest;
}

function wrap<T extends Queryable>(
  client: T,
  instanceParsers: Record<number | string, unknown>,
): T {
  // Made once per client, not on every property read: `query` is read for every query.
  const query: Query = (text, params, options) =>
    client.query(text, params, withoutDrizzlesParsers(options, instanceParsers));
  const clientTransaction = client.transaction?.bind(client);
  const transaction =
    clientTransaction &&
    ((run: (tx: Queryable) => Promise<unknown>) =>
      clientTransaction((tx) => run(wrap(tx, instanceParsers))));
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'transaction' && transaction) return transaction;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * The client to give drizzle: `pglite` (ready: its array types are set up at start), with
 * drizzle's parsers made its own, whose queries, in transactions too, then drop drizzle's copy of
 * them. The rows are the same (test/pglite-parsers.test.ts).
 */
export async function forDrizzle(pglite: PGlite): Promise<PGlite> {
  await pglite.waitReady;
  Object.assign(pglite.parsers, DRIZZLE_PGLITE_PARSERS);
  return wrap(pglite as unknown as Queryable, pglite.parsers) as unknown as PGlite;
}
