import type { Collection, ContentItem, ContentPatchBody, Tag } from '@cw/contract';
import { useCallback, useSyncExternalStore } from 'react';
import type { CollabSession } from '../collab/collab-session';

export const TITLE_MAX = 120;
/**
 * docs/product.md, "States and transitions" and "Business constants and limits": after "Content
 * created!" the page moves on after 1200 ms.
 */
export const REDIRECT_DELAY_MS = 1200;

/** The form's button and message: a new script is created, an item's changes are saved. */
export const FORM_WORDS = {
  create: {
    submit: 'Create',
    pending: 'Creating...',
    done: 'Content created!',
    failed: 'Failed to create content.',
  },
  edit: {
    submit: 'Save Changes',
    pending: 'Saving...',
    done: 'Content updated!',
    failed: 'Failed to update content.',
  },
} as const;

/**
 * The fields that stay REST (the text is the shared document): saved by themselves after a pause.
 */
export interface FieldValues {
  title: string;
  tags: number[];
  collections: number[];
  files: number[];
}

export const keyOf = (values: FieldValues) =>
  JSON.stringify([values.title.trim(), values.tags, values.collections, values.files]);

export const fieldsOf = (item: ContentItem): FieldValues => ({
  title: item.title,
  tags: item.tags,
  collections: item.collections,
  files: item.files.map((file) => file.id),
});

export function titleError(title: string): string | undefined {
  if (!title.trim()) return 'Title is required.';
  if (title.trim().length > TITLE_MAX) return `Title must be at most ${TITLE_MAX} characters.`;
  return undefined;
}

/** Whether the document holds any words, read when its text changes (not per render). */
export function useHasText(session: CollabSession | null): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!session) return () => {};
      session.text.observe(listener);
      return () => session.text.unobserve(listener);
    },
    [session],
  );
  return useSyncExternalStore(
    subscribe,
    () => (session ? /\S/.test(session.text.toString()) : false),
    () => false,
  );
}

/** What the writing page gives its form (`ContentForm`). */
export interface ContentFormProps {
  /** The item, once it exists (a new script is created with its first words). */
  item: ContentItem | null;
  /** The document being written; null while it loads. */
  session: CollabSession | null;
  /**
   * The session whose Saved / Saving / Offline the status shows (the item's, once it exists);
   * when the server closes it for this person, nothing can change any more.
   */
  statusOf: CollabSession | null;
  /** A viewer: the text and fields are shown, not changed. */
  readOnly?: boolean;
  /**
   * Where a new script starts: its title (`/content/create?title=…`: a missing `[[…]]` link's;
   * decision 211) and its collections (`?collection=ID`).
   */
  start?: { title: string; collections: number[] };
  tags: Tag[];
  tagsLoading: boolean;
  collections: Pick<Collection, 'id' | 'name'>[];
  collectionsLoading: boolean;
  onCreateTag: (name: string) => Promise<Tag>;
  mode: keyof typeof FORM_WORDS;
  /** The item, created now if it is not yet (Create pressed before the first words reached it). */
  ensureItem: (fields: FieldValues) => Promise<ContentItem>;
  /** PATCHes the fields (never the text). */
  saveFields: (id: number, body: ContentPatchBody) => Promise<void>;
  /**
   * Where the page goes: after the button saved (REDIRECT_DELAY_MS later), or at once on
   * Cancel / Back (uploads not yet attached are discarded first).
   */
  leaveTo: string;
  /** What else Cancel undoes before leaving. */
  onCancel?: () => void;
  /**
   * Collections and tags shown read-only instead of the pickers: an item someone else owns
   * (its tags are theirs), or a new item written into a collection shared with the person.
   */
  fixedLinks?: {
    collections: { id: number; name: string }[];
    tags: { id: number; name: string }[];
  };
}
