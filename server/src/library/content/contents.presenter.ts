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
import { iso, isoOrNull, presentFile } from '../shared/presenters';
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
    // Rows written before word counts were stored are counted when read.
    word_count: row.wordCount ?? countWords(row.content),
    position: row.position,
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
