import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Every column of a table but its generated `search` vector (docs/api.md, "Search"): what the
 * repositories select and return, so a list or a save never carries the vector (kilobytes per
 * row) back from the database. Only the search repository reads `search`, in its WHERE.
 */
export function rowColumns<T extends Table>(table: T): Omit<T['_']['columns'], 'search'> {
  const { search: _search, ...columns } = getTableColumns(table) as T['_']['columns'] & {
    search?: unknown;
  };
  return columns;
}

/** A row as the repositories read it: without the `search` vector. */
export type RowOf<T extends Table> = Omit<T['$inferSelect'], 'search'>;
