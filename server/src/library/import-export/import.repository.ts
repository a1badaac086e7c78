import { and, eq, inArray, sql } from 'drizzle-orm';
import { countWords } from '@cw/contract';
import type { Executor } from '../../db/executor';
import {
  collectionTags,
  collections,
  contentCollections,
  contentTags,
  contents,
  files,
  jobs,
  notes,
  tags,
} from '../../db/schema';
import type { Caller } from '../../policy/caller';
import { keepPublished } from './import-published';
import { ownerIdFor } from '../../policy/library.policy';
import { heldBy, type JobClaim } from '../../jobs/job-queue';
import {
  importedFilePaths,
  importedSources,
  type ImportedSources,
} from './import-sources.repository';

/** The rows an import has made, by table: kept with each batch, so a cut-off import is undone. */
export interface CreatedIds {
  collections: number[];
  notes: number[];
  contents: number[];
  tags: number[];
  files: number[];
  /**
   * Storage keys whose bytes may be in the store although no file row names them yet: recorded
   * before the bytes are written, dropped once their rows commit (decision 135). Missing in jobs
   * recorded before it existed.
   */
  keys?: string[];
}

export const noneCreated = (): CreatedIds => ({
  collections: [],
  notes: [],
  contents: [],
  tags: [],
  files: [],
  keys: [],
});

/**
 * The writes of an import (docs/api.md, "Import"; decision 134), always as the importing person
 * (the caller's own rows), and the job row that records what was made.
 */
export class ImportRepository {
  constructor(private readonly db: Executor) {}

  /** The caller's tag ids by lower-case name, making the missing ones. */
  async tagIds(caller: Caller, names: string[], created: CreatedIds): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (names.length === 0) return ids;
    const userId = ownerIdFor(caller);
    const lower = [...new Set(names.map((name) => name.toLowerCase()))];
    const found = await this.db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.userId, userId), inArray(sql`lower(${tags.name})`, lower)));
    for (const row of found) ids.set(row.name.toLowerCase(), row.id);
    const missing = new Map<string, string>();
    for (const name of names) {
      if (!ids.has(name.toLowerCase()) && !missing.has(name.toLowerCase()))
        missing.set(name.toLowerCase(), name);
    }
    if (missing.size > 0) {
      const made = await this.db
        .insert(tags)
        .values([...missing.values()].map((name) => ({ userId, name })))
        .returning({ id: tags.id, name: tags.name });
      for (const row of made) {
        ids.set(row.name.toLowerCase(), row.id);
        created.tags.push(row.id);
      }
    }
    return ids;
  }

  /**
   * What the caller's earlier imports made and still have (not in the trash), by archive path:
   * a second import of an archive updates or skips these instead of making them again.
   */
  importedSources(caller: Caller): Promise<ImportedSources> {
    return importedSources(this.db, caller);
  }

  /** The archive paths of the caller's files that imports made. */
  importedFilePaths(caller: Caller): Promise<string[]> {
    return importedFilePaths(this.db, caller);
  }

  /** An updated item's new text hash, once the update is saved. */
  async setImportHash(caller: Caller, id: number, hash: string | null): Promise<void> {
    await this.db
      .update(contents)
      .set({ importHash: hash })
      .where(and(eq(contents.id, id), eq(contents.userId, ownerIdFor(caller))));
  }

  async insertCollection(
    caller: Caller,
    values: {
      name: string;
      description: string;
      isActive: boolean;
      isPublic: boolean;
      importSource: string;
    },
    tagIds: number[],
  ): Promise<number> {
    const [row] = await this.db
      .insert(collections)
      .values({ ...values, userId: ownerIdFor(caller) })
      .returning({ id: collections.id });
    const id = row!.id;
    if (tagIds.length > 0) {
      await this.db
        .insert(collectionTags)
        .values(tagIds.map((tagId) => ({ collectionId: id, tagId })))
        .onConflictDoNothing();
    }
    return id;
  }

  async insertNote(
    caller: Caller,
    values: {
      collectionId: number;
      title: string;
      content: string;
      tags: string[];
      importSource: string;
    },
  ): Promise<number> {
    const [row] = await this.db
      .insert(notes)
      .values({ ...values, userId: ownerIdFor(caller) })
      .returning({ id: notes.id });
    return row!.id;
  }

  async insertContent(
    caller: Caller,
    values: {
      title: string;
      content: string;
      status: string | undefined;
      publishOn: string | null;
      isPublic: boolean;
      wordCount?: number;
      importSource: string;
      importHash: string | null;
    },
    tagIds: number[],
    collectionIds: number[],
  ): Promise<number> {
    const [row] = await this.db
      .insert(contents)
      .values({
        userId: ownerIdFor(caller),
        title: values.title,
        content: values.content,
        ...(values.status ? { status: values.status } : {}),
        publishOn: values.publishOn,
        isPublic: values.isPublic,
        wordCount: values.wordCount ?? countWords(values.content),
        importSource: values.importSource,
        importHash: values.importHash,
      })
      .returning({ id: contents.id });
    const id = row!.id;
    if (values.isPublic) await keepPublished(this.db, id);
    if (tagIds.length > 0) {
      await this.db
        .insert(contentTags)
        .values(tagIds.map((tagId) => ({ contentId: id, tagId })))
        .onConflictDoNothing();
    }
    if (collectionIds.length > 0) {
      await this.db
        .insert(contentCollections)
        .values(collectionIds.map((collectionId) => ({ contentId: id, collectionId })))
        .onConflictDoNothing();
    }
    return id;
  }

  /** An imported collection's description once its files' ids are known (decision 218). */
  async setDescription(caller: Caller, id: number, description: string): Promise<void> {
    await this.db
      .update(collections)
      .set({ description })
      .where(and(eq(collections.id, id), eq(collections.userId, ownerIdFor(caller))));
  }

  /** An imported note's text once its files' ids are known (decision 218). */
  async setNoteContent(caller: Caller, id: number, content: string): Promise<void> {
    await this.db
      .update(notes)
      .set({ content })
      .where(and(eq(notes.id, id), eq(notes.userId, ownerIdFor(caller))));
  }

  /** An imported item's text once its files' ids are known (decision 218). */
  async setContent(caller: Caller, id: number, content: string): Promise<void> {
    await this.db
      .update(contents)
      .set({ content })
      .where(and(eq(contents.id, id), eq(contents.userId, ownerIdFor(caller))));
  }

  async insertFile(
    caller: Caller,
    values: {
      contentId: number | null;
      collectionId: number | null;
      name: string;
      size: number;
      contentType: string;
      storageKey: string;
      importSource: string;
      width: number | null;
      height: number | null;
    },
  ): Promise<number> {
    const [row] = await this.db
      .insert(files)
      .values({ ...values, userId: ownerIdFor(caller) })
      .returning({ id: files.id });
    return row!.id;
  }

  /** Bytes of files the caller keeps now (the storage quota's count). */
  async storedBytes(caller: Caller): Promise<number> {
    const [row] = await this.db
      .select({ used: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
      .from(files)
      .where(eq(files.userId, ownerIdFor(caller)));
    return Number(row?.used ?? 0);
  }

  /**
   * What the job has made and how far it is, in the transaction of the batch that made it; fenced
   * by the worker's claim (decision 135): false when the worker no longer holds the job, and then
   * the batch must not commit.
   */
  async record(claim: JobClaim, created: CreatedIds, processed: number): Promise<boolean> {
    const changed = await this.db
      .update(jobs)
      .set({
        processed,
        result: sql`jsonb_set(${jobs.result}, '{created_ids}', ${JSON.stringify(created)}::jsonb)`,
        updatedOn: sql`now()`,
      })
      .where(heldBy(claim))
      .returning({ id: jobs.id });
    return changed.length > 0;
  }

  /**
   * Deletes every row an import made; answers the storage keys to remove once this commits: its
   * files' and those it recorded before writing their bytes. Rows of the caller only.
   */
  async undo(caller: Caller, created: CreatedIds): Promise<string[]> {
    const userId = ownerIdFor(caller);
    const keys: string[] =
      created.files.length === 0
        ? []
        : (
            await this.db
              .delete(files)
              .where(and(eq(files.userId, userId), inArray(files.id, created.files)))
              .returning({ key: files.storageKey })
          ).map((row) => row.key);
    keys.push(...(created.keys ?? []));
    if (created.contents.length > 0)
      await this.db
        .delete(contents)
        .where(and(eq(contents.userId, userId), inArray(contents.id, created.contents)));
    if (created.notes.length > 0)
      await this.db
        .delete(notes)
        .where(and(eq(notes.userId, userId), inArray(notes.id, created.notes)));
    if (created.collections.length > 0)
      await this.db
        .delete(collections)
        .where(and(eq(collections.userId, userId), inArray(collections.id, created.collections)));
    if (created.tags.length > 0)
      await this.db
        .delete(tags)
        .where(and(eq(tags.userId, userId), inArray(tags.id, created.tags)));
    return [...new Set(keys)];
  }

  async job(caller: Caller, id: number) {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.kind, 'import'), eq(jobs.userId, ownerIdFor(caller))));
    return row;
  }
}
