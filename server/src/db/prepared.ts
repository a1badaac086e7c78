import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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
      this.built.set(name, query);
    }
    return query;
  }
}

/**
 * `column = any($name)`: a list of ids as one array parameter, so one prepared statement serves
 * a page of any size (`in ($1, $2, …)` would be a new SQL text for every length).
 */
export const anyOf = (column: AnyColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)})`;
