import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { collections, contents, files, notes } from '../../db/schema';
import type { Caller } from '../../policy/caller';
import { ownerIdFor } from '../../policy/library.policy';

/*
 * What a person's earlier imports made, read for a second import of an archive (docs/api.md,
 * "Import"): ImportRepository.importedSources and importedFilePaths.
 */

/** What earlier imports made, by archive path (ImportRepository.importedSources). */
export interface ImportedSources {
  /** Folder path → collection id. */
  collections: Map<string, number>;
  /** Paths of notes. */
  notes: Set<string>;
  /** Path → the item and the hash of the text it was made or last updated from. */
  contents: Map<string, { id: number; hash: string | null }>;
  /** fileKey(owner, id, path) → file id. */
  files: Map<string, number>;
}

/** A file of an import, by what it is attached to and its archive path. */
export const fileKey = (owner: 'content' | 'collection', id: number, source: string) =>
  `${owner} ${id} ${source}`;

/**
 * What the caller's earlier imports made and still have (not in the trash), by archive path:
 * a second import of an archive updates or skips these instead of making them again.
 */
export async function importedSources(db: Executor, caller: Caller): Promise<ImportedSources> {
  const userId = ownerIdFor(caller);
  const [collectionRows, noteRows, contentRows, fileRows] = await Promise.all([
    db
      .select({ id: collections.id, source: collections.importSource })
      .from(collections)
      .where(
        and(
          eq(collections.userId, userId),
          isNotNull(collections.importSource),
          isNull(collections.deletedOn),
        ),
      ),
    db
      .select({ source: notes.importSource })
      .from(notes)
      .where(and(eq(notes.userId, userId), isNotNull(notes.importSource), isNull(notes.deletedOn))),
    db
      .select({ id: contents.id, source: contents.importSource, hash: contents.importHash })
      .from(contents)
      .where(
        and(
          eq(contents.userId, userId),
          isNotNull(contents.importSource),
          isNull(contents.deletedOn),
        ),
      ),
    db
      .select({
        id: files.id,
        source: files.importSource,
        contentId: files.contentId,
        collectionId: files.collectionId,
      })
      .from(files)
      .where(and(eq(files.userId, userId), isNotNull(files.importSource))),
  ]);
  const sources: ImportedSources = {
    collections: new Map(),
    notes: new Set(),
    contents: new Map(),
    files: new Map(),
  };
  for (const row of collectionRows) sources.collections.set(row.source!, row.id);
  for (const row of noteRows) sources.notes.add(row.source!);
  for (const row of contentRows) {
    sources.contents.set(row.source!, { id: row.id, hash: row.hash });
  }
  for (const row of fileRows) {
    if (row.contentId !== null)
      sources.files.set(fileKey('content', row.contentId, row.source!), row.id);
    if (row.collectionId !== null) {
      sources.files.set(fileKey('collection', row.collectionId, row.source!), row.id);
    }
  }
  return sources;
}

/** The archive paths of the caller's files that imports made. */
export async function importedFilePaths(db: Executor, caller: Caller): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: files.importSource })
    .from(files)
    .where(and(eq(files.userId, ownerIdFor(caller)), isNotNull(files.importSource)));
  return rows.map((row) => row.source!);
}
