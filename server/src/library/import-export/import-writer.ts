import fs from 'node:fs';
import { LeaseLost, type JobClaim, type JobTools } from '../../jobs/job-queue';
import type { Caller } from '../../policy/caller';
import type { FileStorage } from '../../storage/file-storage';
import type { LibraryStore } from '../library-store';
import { imageDimensions, type ImageDimensions } from '../shared/image-dimensions';
import { ArchiveRefused } from './import-archive';
import { fillSlots, type FileSlot } from './import-embeds';
import { QUOTA, type ReadArchiveResult } from './import-read';
import { fileKey, type ImportedSources } from './import-sources.repository';
import type { CreatedIds } from './import.repository';
import { BATCH, contentTypeOf, headOf, slices } from './import-batches';

/*
 * The writing half of an import's job (import.service.ts runs it): what the worker thread read
 * and planned becomes rows and stored files, in batches that record what they made (decisions
 * 134 and 135).
 */

/**
 * Writes a plan: rows in small transactions (at most BATCH rows and BATCH_TEXT characters of
 * text each), files from the copies the worker unpacked and checked. Nothing here reads the
 * archive or runs a pattern over its text: that was the worker's.
 */
export async function writePlan(
  deps: {
    store: LibraryStore;
    storage: FileStorage;
    updateItem: UpdateItem;
    /** Bytes of files the import may store (what is left of the storage quota). */
    fileAllowance: number;
  },
  claim: JobClaim,
  caller: Caller,
  read: ReadArchiveResult,
  created: CreatedIds,
  tools: JobTools,
): Promise<ImportOutcome> {
  const { plan } = read;
  const outcome: ImportOutcome = { updated: 0, skipped: 0 };
  let processed = 0;
  const collectionIds = new Map<string, number>();
  /** Collections and notes made whose text shows files (an export's), filled in at the end. */
  const slottedCollections: { id: number; collection: (typeof plan.collections)[number] }[] = [];
  const slottedNotes: { id: number; note: (typeof plan.notes)[number] }[] = [];
  /** Runs `work` in one transaction that also records what exists so far. */
  const batch = async (work: (repos: LibraryStore['repos']) => Promise<number>) => {
    await deps.store.transaction(async (repos) => {
      const done = processed + (await work(repos));
      // The fence: a worker that lost its job keeps nothing of this batch (decision 135).
      if (!(await repos.imports.record(claim, created, done))) throw new LeaseLost(claim.id);
      processed = done;
    });
    // Let waiting requests have the database between batches (PGlite runs one at a time).
    await new Promise((resolve) => setTimeout(resolve, 1));
  };

  const allTags = [
    ...plan.tags,
    ...plan.collections.flatMap((c) => c.tags),
    ...plan.contents.flatMap((c) => c.tags),
  ];
  let tagIds = new Map<string, number>();
  let sources: ImportedSources | undefined;
  await batch(async (repos) => {
    tagIds = await repos.imports.tagIds(caller, allTags, created);
    sources = await repos.imports.importedSources(caller);
    return 0;
  });
  const earlier = sources!;
  // The files this import will store, counted exactly now that what earlier imports brought in
  // is known (the worker left those out of its count): over the quota, nothing is written.
  let bytes = 0;
  const sizeOf = (entry: string) => read.files.get(entry)?.size ?? 0;
  for (const collection of plan.collections) {
    const id = earlier.collections.get(collection.source);
    for (const entry of collection.files) {
      if (id === undefined || !earlier.files.has(fileKey('collection', id, entry))) {
        bytes += sizeOf(entry);
      }
    }
  }
  for (const item of plan.contents) {
    const before = earlier.contents.get(item.path);
    if (before !== undefined && before.hash !== null && before.hash === item.hash) continue;
    for (const entry of item.files) {
      if (before === undefined || !earlier.files.has(fileKey('content', before.id, entry))) {
        bytes += sizeOf(entry);
      }
    }
  }
  if (bytes > deps.fileAllowance) throw new ArchiveRefused('', QUOTA);
  const idsOf = (names: string[]) =>
    names.flatMap((name) => {
      const id = tagIds.get(name.toLowerCase());
      return id === undefined ? [] : [id];
    });

  // A second import of an archive (decision 218): what an earlier one made is found by its path
  // in the archive; collections and notes it made are kept as they are.
  const newCollections = plan.collections.filter((collection) => {
    const id = earlier.collections.get(collection.source);
    if (id === undefined) return true;
    collectionIds.set(collection.key, id);
    outcome.skipped += 1;
    return false;
  });
  for (const slice of slices(newCollections, (c) => c.description.length)) {
    await batch(async (repos) => {
      for (const collection of slice) {
        const id = await repos.imports.insertCollection(
          caller,
          { ...collection, importSource: collection.source },
          idsOf(collection.tags),
        );
        // The owner's own membership row, as a collection made in the app has (decision 217).
        await repos.members.insertOwner(id, caller.userId);
        created.collections.push(id);
        collectionIds.set(collection.key, id);
        if (collection.slots && collection.slots.length > 0) {
          slottedCollections.push({ id, collection });
        }
      }
      return slice.length;
    });
  }
  const newNotes = plan.notes.filter((note) => {
    if (!earlier.notes.has(note.path)) return true;
    outcome.skipped += 1;
    return false;
  });
  for (const slice of slices(newNotes, (n) => n.content.length)) {
    await batch(async (repos) => {
      for (const note of slice) {
        const collectionId = collectionIds.get(note.collectionKey);
        if (collectionId === undefined) continue;
        const id = await repos.imports.insertNote(caller, {
          ...note,
          collectionId,
          importSource: note.path,
        });
        created.notes.push(id);
        if (note.slots && note.slots.length > 0) slottedNotes.push({ id, note });
      }
      return slice.length;
    });
  }
  const fileOwners: { entry: string; contentId: number | null; collectionId: number | null }[] = [];
  /** The items whose text names their files' ids (decision 218), filled in once they exist. */
  const slotted: { id: number; item: (typeof plan.contents)[number] }[] = [];
  /** `${contentId} ${entry}` → the id of the file row made for that item. */
  const fileIds = new Map<string, number>();
  /** An item's text with its files' ids written in. */
  const filled = (text: string, slots: FileSlot[] | undefined, contentId?: number) =>
    fillSlots(
      text,
      (slots ?? []).flatMap((slot) => {
        const fileId =
          fileIds.get(`${contentId} ${slot.entry}`) ?? fileIds.get(slot.entry) ?? slot.written;
        return fileId === undefined ? [] : [{ at: slot.at, id: fileId }];
      }),
    );
  const textOf = (id: number, item: (typeof plan.contents)[number]) =>
    filled(item.content, item.slots, id);
  for (const collection of plan.collections) {
    for (const entry of collection.files) {
      const collectionId = collectionIds.get(collection.key)!;
      if (earlier.files.has(fileKey('collection', collectionId, entry))) continue;
      fileOwners.push({
        entry,
        contentId: null,
        collectionId: collectionIds.get(collection.key)!,
      });
    }
  }
  // Items: an unchanged one is skipped, a changed one updated (below, as an edit), a new one made.
  const changed: { id: number; item: (typeof plan.contents)[number] }[] = [];
  const newContents = plan.contents.filter((item) => {
    const before = earlier.contents.get(item.path);
    if (before === undefined) return true;
    if (before.hash !== null && before.hash === item.hash) {
      outcome.skipped += 1;
    } else {
      changed.push({ id: before.id, item });
      // Its files the earlier import attached stay; only new ones are added.
      for (const entry of item.files) {
        const fileId = earlier.files.get(fileKey('content', before.id, entry));
        if (fileId === undefined)
          fileOwners.push({ entry, contentId: before.id, collectionId: null });
        else fileIds.set(`${before.id} ${entry}`, fileId);
      }
    }
    return false;
  });
  processed += plan.contents.length - newContents.length;
  processed += plan.collections.length - newCollections.length;
  processed += plan.notes.length - newNotes.length;
  for (const slice of slices(newContents, (c) => c.content.length)) {
    await batch(async (repos) => {
      for (const item of slice) {
        const id = await repos.imports.insertContent(
          caller,
          { ...item, importSource: item.path, importHash: item.hash ?? null },
          idsOf(item.tags),
          item.collectionKeys.flatMap((key) => collectionIds.get(key) ?? []),
        );
        created.contents.push(id);
        if (item.slots && item.slots.length > 0) slotted.push({ id, item });
        for (const entry of item.files)
          fileOwners.push({ entry, contentId: id, collectionId: null });
      }
      return slice.length;
    });
    await tools.report({ processed });
  }
  // `[[…]]` links of the imported items, and missing links they now fill (decision 211).
  await batch(async (repos) => {
    await repos.links.deriveImported(caller, created.contents);
    return 0;
  });
  // Files BATCH at a time: their keys are recorded first (committed), then the bytes go to the
  // store, then the rows commit and the keys leave the record. A worker cut off anywhere leaves
  // bytes only under keys the undo finds (decision 135).
  const seen = new Set<string>();
  // In archive order: an export's files come back in the order they had (by id), whether an
  // item's or a collection's, so a second export lists them alike.
  const position = new Map(read.paths.map((entry, at) => [entry, at]));
  const owners = fileOwners
    .filter((owner) => read.files.has(owner.entry))
    .sort((a, b) => position.get(a.entry)! - position.get(b.entry)!);
  for (let at = 0; at < owners.length; at += BATCH) {
    const slice = owners.slice(at, at + BATCH).map((owner) => ({
      ...owner,
      key: deps.storage.newKey(),
      size: 0,
      dimensions: null as ImageDimensions | null,
    }));
    const keys = slice.map((file) => file.key);
    created.keys = keys;
    await batch(async () => 0);
    for (const file of slice) {
      const unpacked = read.files.get(file.entry)!;
      file.size = await deps.storage.write(
        file.key,
        fs.createReadStream(unpacked.file),
        unpacked.size,
      );
      // A raster image's width and height, as an upload records them (decision 213).
      file.dimensions = imageDimensions(await headOf(unpacked.file));
    }
    await batch(async (repos) => {
      let firsts = 0;
      for (const file of slice) {
        const name = plan.fileNames.get(file.entry)!;
        const fileId = await repos.imports.insertFile(caller, {
          contentId: file.contentId,
          collectionId: file.collectionId,
          name,
          size: file.size,
          contentType: contentTypeOf(name),
          storageKey: file.key,
          importSource: file.entry,
          width: file.dimensions?.width ?? null,
          height: file.dimensions?.height ?? null,
        });
        created.files.push(fileId);
        if (file.contentId !== null) fileIds.set(`${file.contentId} ${file.entry}`, fileId);
        // A text may show a file of another item or of a collection (an export's texts can).
        if (!fileIds.has(file.entry)) fileIds.set(file.entry, fileId);
        if (!seen.has(file.entry)) firsts += 1;
        seen.add(file.entry);
      }
      // Named by rows now (which the undo deletes with their keys).
      created.keys = [];
      return firsts;
    }).catch((error: unknown) => {
      // Not committed: the keys still name bytes no row names.
      created.keys = keys;
      throw error;
    });
  }
  // The texts that show their files: each file's id where the plan left its place.
  for (let at = 0; at < slotted.length; at += BATCH) {
    const slice = slotted.slice(at, at + BATCH);
    await batch(async (repos) => {
      for (const { id, item } of slice) {
        await repos.imports.setContent(caller, id, textOf(id, item));
      }
      return 0;
    });
  }
  if (slottedCollections.length + slottedNotes.length > 0) {
    await batch(async (repos) => {
      for (const { id, collection } of slottedCollections) {
        await repos.imports.setDescription(
          caller,
          id,
          filled(collection.description, collection.slots),
        );
      }
      for (const { id, note } of slottedNotes) {
        await repos.imports.setNoteContent(caller, id, filled(note.content, note.slots));
      }
      return 0;
    });
  }
  // A changed item is saved as an edit of it, as a save in the app is: the text it replaces is
  // kept as a version, and an editor that has it open gets the change (decision 218).
  for (const { id, item } of changed) {
    await deps.updateItem(caller, id, {
      title: item.title,
      content: textOf(id, item),
      publishOn: item.publishOn,
    });
    await deps.store.repos.imports.setImportHash(caller, id, item.hash ?? null);
    outcome.updated += 1;
  }
  return outcome;
}

/** What a second import of an archive did besides making rows (docs/api.md, "Import"). */
export interface ImportOutcome {
  updated: number;
  skipped: number;
}

/** Saves an item's new text as the app's own save does (ContentsService.update). */
export type UpdateItem = (
  caller: Caller,
  id: number,
  values: { title: string; content: string; publishOn: string | null },
) => Promise<void>;
