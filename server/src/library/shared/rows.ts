import type { RowOf } from '../../db/columns';
import type { files } from '../../db/schema';

/*
 * Rows that more than one feature reads through the store: written by one feature's repository,
 * shown in another's answers (a content item lists its files; a collection, its first members).
 */

/** A file's row (files/files.repository.ts), also shown in the content item it is attached to. */
export type FileRow = RowOf<typeof files>;

/**
 * An accepted member shown on a collection card (sharing/members.repository.ts `previews`,
 * shown by collections/collections.presenter.ts).
 */
export interface MemberPreviewRow {
  collectionId: number;
  userId: number;
  firstName: string;
  lastName: string;
  profilePic: string | null;
  /** Accepted members of that collection besides its owner. */
  total: number;
}

/** A person's name as the account's two fields make it: the parts given, joined by a space. */
export const fullName = (first: string | null, last: string | null): string =>
  [first, last].filter((part) => part && part.trim()).join(' ');
