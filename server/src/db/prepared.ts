import { Column, is, SQL as SqlChunk, sql, Subquery, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The hot reads' prepared queries (decision 172): each is built once per executor, the first
 * time it is asked for, and run as a named prepared statement, so drizzle does not build its
 * SQL text again on every request, and PostgreSQL parses it once per connection. A name must
 * always stand for the same SQL text (node-postgres refuses one name with two texts), so a
 * query whose text varies (an ordering, a scope) has one name per variant.
 */
export class PreparedQueries {
  private readonly built = new Map<string, unknown>();

  once<T>(name: string, build: (name: string) => T): T {
    let query = this.built.get(name) as T | undefined;
    if (query === undefined) {
      query = build(name);
      installRowMapper(query);
      this.built.set(name, query);
    }
    return query;
  }
}

/** Turns a driver value into what the selected field reads as (a timestamp into a Date). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}
/**
 * The parts of drizzle's prepared query (pg-core's PgPreparedQuery, node-postgres and PGlite
 * alike) that its row mapping reads: declared private in its types, so reached by shape.
 */
interface MappablePreparedQuery {
  fields?: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder drizzle's own `mapResultRow` picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  // An SQL chunk's decoder is internal to drizzle too (`sql<number>…`.mapWith() sets it).
  const decoderOfSql = (chunk: unknown) => (chunk as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SqlChunk)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as { sql: unknown }).sql);
}

/**
 * Gives a prepared select of flat fields (`select({ id: …, name: … })`, every hot read) a row
 * mapper built once: drizzle's own `mapResultRow` works out each column's decoder and walks each
 * field's path again for every value of every row, allocating an iterator per value (a tenth of
 * what a collections-list request allocated; bench/README.md, "Floors"). The rows it makes are
 * the same: the same keys in the same order, null kept, every other value through the same
 * decoder (test/prepared-rows.test.ts compares both). A query of nested fields, or a drizzle
 * whose prepared query no longer has these fields, keeps drizzle's mapping.
 */
function installRowMapper(query: unknown): void {
  if (typeof query !== 'object' || query === null || !('customResultMapper' in query)) return;
  const prepared = query as MappablePreparedQuery;
  const fields = prepared.fields;
  if (
    prepared.customResultMapper !== undefined ||
    !Array.isArray(fields) ||
    !fields.every(
      (selected: SelectedField) => Array.isArray(selected.path) && selected.path.length === 1,
    )
  )
    return;
  const keys = fields.map((selected: SelectedField) => selected.path[0] as string);
  const decoders = fields.map((selected: SelectedField) => decoderOf(selected.field));
  const width = keys.length;
  prepared.customResultMapper = (rows) => {
    const mapped = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r += 1) {
      const row = rows[r] as unknown[];
      const result: Record<string, unknown> = {};
      for (let c = 0; c < width; c += 1) {
        const value = row[c];
        result[keys[c] as string] =
          value === null ? null : (decoders[c] as Decoder).mapFromDriverValue(value);
      }
      mapped[r] = result;
    }
    return mapped;
  };
}

/**
 * `column = any($name)`: a list of ids as one array parameter, so one prepared statement serves
 * a page of any size (`in ($1, $2, …)` would be a new SQL text for every length).
 */
export const anyOf = (column: AnyColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)})`;
