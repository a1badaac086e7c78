import {
  pathOf,
  countWords,
  type Collection,
  type ContentStatus,
  type ContentItem,
  type FileObject,
  type Member,
  type MemberStatus,
  type Note,
  type Role,
  type Tag,
  type TagRef,
  type UpdatedBy,
  type Version,
  type VersionSummary,
} from '@cw/contract';
import {
  fullName,
  type MemberPreviewRow,
  type MemberWithPerson,
} from '../sharing/members.repository';
import type { CollectionRow } from '../collections/collections.repository';
import type { ContentRow } from '../content/contents.repository';
import type { FileRow } from '../files/files.repository';
import type { NoteRow } from '../content/notes.repository';
import type { TagRow } from '../tags/tags.repository';
import type { VersionRow } from '../content/versions.repository';

interface RefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

/** The shapes of docs/api.md §3: snake_case fields, ISO dates in UTC. */

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export const presentTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  user: row.userId,
  usage_count: row.usageCount,
});

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
  details: {
    tagRefs: TagRef[];
    contentCount: number;
    role: Role;
    ownerName: string;
    members: MemberPreviewRow[];
  },
): Collection {
  const { tagRefs, contentCount, role, ownerName, members } = details;
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
    role,
    owner_name: ownerName,
    member_count: members[0]?.total ?? 0,
    members_preview: members.map((member) => ({
      id: member.userId,
      name: fullName(member.firstName, member.lastName),
      profile_pic: member.profilePic,
    })),
    public_id: row.publicId,
    public_url: row.publicId ? pathOf('public.page', { public_id: row.publicId }) : null,
  };
}

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

/** `updated_by` of a row, from the names of a page's people. */
export const updatedByOf = (
  userId: number | null,
  people: Map<number, { name: string }>,
): UpdatedBy => {
  if (userId === null) return null;
  const person = people.get(userId);
  return person ? { id: userId, name: person.name } : null;
};

export function presentMember(row: MemberWithPerson): Member {
  return {
    id: row.id,
    email: row.email,
    name: row.userId === null ? null : fullName(row.firstName, row.lastName),
    role: row.role as Role,
    status: row.status as MemberStatus,
    user: row.userId,
    profile_pic: row.userId === null ? null : row.profilePic,
    created_on: iso(row.createdOn),
  };
}

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
