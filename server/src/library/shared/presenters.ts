import { pathOf, type FileObject, type TagRef, type UpdatedBy } from '@cw/contract';
import type { FileRow } from './rows';

/*
 * What several features' answers share (docs/api.md, "Library": snake_case fields, ISO dates in
 * UTC). Each feature presents its own resource in its `*.presenter.ts`.
 */

interface RefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A file, in the files list and in the content item it is attached to. */
export const presentFile = (row: FileRow): FileObject => ({
  id: row.id,
  name: row.name,
  size: row.size,
  content_type: row.contentType,
  width: row.width,
  height: row.height,
  url: pathOf('files.download', { id: row.id }),
  is_public: row.isPublic,
  content: row.contentId,
  collection: row.collectionId,
  created_on: iso(row.createdOn),
  user: row.userId,
});

/** `updated_by` of a row, from the names of a page's people. */
export const updatedByOf = (
  userId: number | null,
  people: Map<number, { name: string }>,
): UpdatedBy => {
  if (userId === null) return null;
  const person = people.get(userId);
  return person ? { id: userId, name: person.name } : null;
};

/** Groups rows fetched for a whole page by the row they belong to, keeping their order. */
export function groupBy<T>(rows: T[], keyOf: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** `{id, name}` references (tags or collections) of a page's rows, by the row they belong to. */
export const refsByOwnerRow = (rows: RefRow[]): Map<number, TagRef[]> => {
  const grouped = groupBy(rows, (row) => row.ownerRowId);
  return new Map(
    [...grouped].map(([key, refs]) => [key, refs.map(({ id, name }) => ({ id, name }))]),
  );
};
