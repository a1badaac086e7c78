import {
  countWords,
  type ContentItem,
  type ContentStatus,
  type Note,
  type Role,
  type TagRef,
  type UpdatedBy,
  type Version,
  type VersionSummary,
} from '@cw/contract';
import type { Caller } from '../../policy/caller';
import type { LibraryRepositories } from '../library-store';
import {
  groupBy,
  iso,
  isoOrNull,
  presentFile,
  refsByOwnerRow,
  updatedByOf,
} from '../shared/presenters';
import type { FileRow } from '../shared/rows';
import type { ContentRow } from './contents.repository';
import type { NoteRow } from './notes.repository';
import type { VersionRow } from './versions.repository';

export function presentContent(
  row: ContentRow,
  links: {
    tags: TagRef[];
    collections: TagRef[];
    files: FileRow[];
    role: Role;
    updatedBy: UpdatedBy;
  },
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
    published_version: row.publishedVersionId,
    summary: row.summary,
    cover: row.coverFileId,
    // Rows written before word counts were stored are counted when read.
    word_count: row.wordCount ?? countWords(row.content),
    position: row.position,
    chapter_starts: row.chapterStarts,
    created_on: iso(row.createdOn),
    updated_on: isoOrNull(row.updatedOn),
    updated_by: links.updatedBy,
    role: links.role,
  };
}

export const presentNote = (row: NoteRow, updatedBy: UpdatedBy): Note => ({
  id: row.id,
  collection: row.collectionId,
  title: row.title,
  content: row.content,
  tags: row.tags,
  created_on: iso(row.createdOn),
  updated_on: isoOrNull(row.updatedOn),
  updated_by: updatedBy,
});

/** A row of the History list (docs/api.md, "Versions"). */
export const presentVersionSummary = (row: {
  id: number;
  label: string | null;
  title: string;
  wordCount: number;
  createdOn: Date;
}): VersionSummary => ({
  id: row.id,
  label: row.label,
  title: row.title,
  word_count: row.wordCount,
  created_on: iso(row.createdOn),
});

export const presentVersion = (row: VersionRow): Version => ({
  id: row.id,
  label: row.label,
  title: row.title,
  content: row.content,
  created_on: iso(row.createdOn),
});

/** One item, as `presentContents` shows it. */
export async function presentOneContent(
  repos: LibraryRepositories,
  caller: Caller,
  row: ContentRow,
): Promise<ContentItem> {
  const [item] = await presentContents(repos, caller, [row]);
  if (!item) throw new Error('presenting one content item gave none');
  return item;
}

/** A page's tag names, files, roles and editors come from one query each for the page. */
export async function presentContents(
  repos: LibraryRepositories,
  caller: Caller,
  rows: ContentRow[],
): Promise<ContentItem[]> {
  const ids = rows.map((row) => row.id);
  const [tagRows, collectionRows, fileRows, roles, people] = await Promise.all([
    repos.tags.refsForContents(ids),
    repos.collections.refsForContents(caller, ids),
    repos.files.listForContents(caller, ids),
    repos.access.onContents(caller, rows),
    repos.members.people(rows.flatMap((row) => (row.updatedBy === null ? [] : [row.updatedBy]))),
  ]);
  const tagRefs = refsByOwnerRow(tagRows);
  const collectionRefs = refsByOwnerRow(collectionRows);
  const filesByContent = groupBy(fileRows, (file) => file.contentId);
  return rows.map((row) =>
    presentContent(row, {
      tags: tagRefs.get(row.id) ?? [],
      collections: collectionRefs.get(row.id) ?? [],
      files: filesByContent.get(row.id) ?? [],
      // The page holds only items the caller may read, so a role is always there.
      role: roles.get(row.id) ?? 'viewer',
      updatedBy: updatedByOf(row.updatedBy, people),
    }),
  );
}
