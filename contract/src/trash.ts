import { z } from 'zod';
import { idQuerySchema, isoDateSchema, pageQuerySchema } from './common';
import { collectionSchema, contentSchema, noteSchema } from './library';

/**
 * The trash (docs/api.md, "Trash"): a deleted collection, content item or note waits there for
 * TRASH_DAYS days, then is purged. `type` uses the words of search.
 */
export const TRASH_TYPES = ['collection', 'content', 'note'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** Days an object stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

export const trashItemSchema = z.object({
  type: z.enum(TRASH_TYPES),
  id: z.number().int(),
  title: z.string(),
  deleted_on: isoDateSchema,
  /** When it will be deleted for good (deleted_on + TRASH_DAYS days). */
  purge_on: isoDateSchema,
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashListQuerySchema = pageQuerySchema;

/** Path params: an unknown type or a bad id answers 404, like any id. */
export const trashParamsSchema = z.object({ type: z.enum(TRASH_TYPES), id: idQuerySchema });

/** What a restore answers: the object as its own GET would. */
export const restoredSchema = z.union([collectionSchema, contentSchema, noteSchema]);
export type Restored = z.infer<typeof restoredSchema>;
