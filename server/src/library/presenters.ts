import {
  pathOf,
  countWords,
  type Collection,
  type ContentStatus,
  type ContentItem,
  type FileObject,
  type Note,
  type Tag,
  type TagRef,
} from '@cw/contract';
import type { CollectionRow } from './collections.repository';
import type { ContentRow } from './contents.repository';
import type { FileRow } from './files.repository';
import type { NoteRow } from './notes.repository';
import type { TagRow } from './tags.repository';

interface RefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

/** The shapes of docs/api.md §3: snake_case fields, ISO dates in UTC. */

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export const presentTag = (row: TagRow): Tag => ({ id: row.id, name: row.name, user: row.userId });

export const presentFile = (row: FileRow): FileObject => ({
  id: row.id,
  name: row.name,
  size: row.size,
  content_type: row.contentType,
  url: pathOf('files.download', { id: row.id }),
  content: row.contentId,
  collection: row.collectionId,
  created_on: iso(row.createdOn),
  user: row.userId,
});

export function presentCollection(
  row: CollectionRow,
  tagRefs: TagRef[],
  contentCount: number,
): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    is_public: row.isPublic,
    created_on: iso(row.createdOn),
    updated_on: isoOrNull(row.updatedOn),
    tags: tagRefs.map((tag) => tag.id),
    tags_named_list: tagRefs,
    meta_data: row.metaData,
    user: row.userId,
    content_count: contentCount,
  };
}

export function presentContent(
  row: ContentRow,
  links: { tags: TagRef[]; collections: TagRef[]; files: FileRow[] },
): ContentItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    tags: links.tags.map((tag) => tag.id),
    tags_named_list: links.tags,
    collections: links.collections.map((collection) => collection.id),
    collections_named_list: links.collections,
    files: links.files.map(presentFile),
    meta_data: row.metaData,
    user: row.userId,
    status: row.status as ContentStatus,
    publish_on: row.publishOn,
    is_public: row.isPublic,
    // Rows written before word counts were stored are counted when read.
    word_count: row.wordCount ?? countWords(row.content),
    position: row.position,
    created_on: iso(row.createdOn),
    updated_on: isoOrNull(row.updatedOn),
  };
}

export const presentNote = (row: NoteRow): Note => ({
  id: row.id,
  collection: row.collectionId,
  title: row.title,
  content: row.content,
  tags: row.tags,
  created_on: iso(row.createdOn),
  updated_on: isoOrNull(row.updatedOn),
});

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
