import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { collections, contents, files, notes, tags } from '../../db/schema';
import { rowColumns } from '../../db/columns';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { scopeOf } from '../../policy/library.policy';

const collectionColumns = rowColumns(collections);
const contentColumns = rowColumns(contents);
const fileColumns = rowColumns(files);

/**
 * The rows of an export (docs/api.md, "Export"): what the caller owns and is not in the trash
 * (the policy's `own` scope), one keyset page at a time (`id > after`, by the primary key), so
 * the export never holds the whole account in memory.
 */
export class ExportRepository {
  constructor(private readonly db: Executor) {}

  collectionsAfter(caller: Caller, after: number, limit: number) {
    return this.db
      .select(collectionColumns)
      .from(collections)
      .where(and(scopeOf(caller, 'collections', 'own'), gt(collections.id, after)))
      .orderBy(asc(collections.id))
      .limit(limit);
  }

  /** Notes with the name of their collection (their folder in the zip). */
  notesAfter(caller: Caller, after: number, limit: number) {
    return this.db
      .select({
        id: notes.id,
        title: notes.title,
        content: notes.content,
        tags: notes.tags,
        createdOn: notes.createdOn,
        updatedOn: notes.updatedOn,
        collectionId: notes.collectionId,
        collectionName: collections.name,
      })
      .from(notes)
      .innerJoin(collections, eq(collections.id, notes.collectionId))
      .where(and(scopeOf(caller, 'notes', 'own'), gt(notes.id, after)))
      .orderBy(asc(notes.id))
      .limit(limit);
  }

  contentsAfter(caller: Caller, after: number, limit: number) {
    return this.db
      .select(contentColumns)
      .from(contents)
      .where(and(scopeOf(caller, 'contents', 'own'), gt(contents.id, after)))
      .orderBy(asc(contents.id))
      .limit(limit);
  }

  filesAfter(caller: Caller, after: number, limit: number) {
    return this.db
      .select(fileColumns)
      .from(files)
      .where(and(scopeOf(caller, 'files', 'own'), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(limit);
  }

  /** The files that belong to these collections (not to one of their items). */
  filesOfCollections(caller: Caller, collectionIds: number[]) {
    return this.db
      .select(fileColumns)
      .from(files)
      .where(and(scopeOf(caller, 'files', 'own'), inArray(files.collectionId, collectionIds)))
      .orderBy(asc(files.id));
  }

  /** Every tag name of the caller, used or not, by name. */
  async tagNames(caller: Caller): Promise<string[]> {
    const rows = await this.db
      .select({ name: tags.name })
      .from(tags)
      .where(scopeOf(caller, 'tags', 'own'))
      .orderBy(asc(tags.name));
    return rows.map((row) => row.name);
  }
}
