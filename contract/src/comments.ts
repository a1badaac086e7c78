import { z } from 'zod';
import { idQuerySchema, isoDateSchema, pageQuerySchema, textSchema } from './common';
import { mentionedIdsIn } from './mentions';

/** The API shapes of comments on content items (docs/api.md, "Comments"; decision 221). */
export { MENTION_NAME_MAX, mentionToken, mentionedIdsIn, splitMentions } from './mentions';
export type { BodyPart } from './mentions';

/** Longest comment body, in characters. */
export const COMMENT_BODY_MAX = 10_000;
/** Longest quoted passage kept with a thread (the rest is cut). */
export const COMMENT_QUOTE_MAX = 1_000;
/** Most people one comment may mention. */
export const MENTIONS_PER_COMMENT = 20;
/** An encoded Yjs relative position, base64: a few dozen characters; a longer one is refused. */
const ANCHOR_MAX = 256;

/** A person as comments show them: who wrote, who resolved, who may be mentioned. */
export const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  /** Null once the author's account is deleted (decision 222). */
  author: personSchema.nullable(),
  /** Markdown with mention tokens `@[Name](user:ID)`; empty once deleted. */
  body: z.string(),
  /** The people it mentions who may read the item. */
  mentions: z.array(z.number().int()),
  created_on: isoDateSchema,
  edited_on: isoDateSchema.nullable(),
  /** The thread's first comment, deleted while it had replies: kept, without its body. */
  deleted: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Where a thread is anchored: two `Y.encodeRelativePosition` results, base64. */
const anchorPositionSchema = textSchema()
  .max(ANCHOR_MAX, 'Not a valid anchor.')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not a valid anchor.');

export const threadSchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  /** Null: a comment on the whole item. */
  anchor: z.object({ start: z.string(), end: z.string(), quote: z.string() }).nullable(),
  /** The anchored passage's text is gone from the document (always false without an anchor). */
  detached: z.boolean(),
  resolved: z.boolean(),
  resolved_on: isoDateSchema.nullable(),
  resolved_by: personSchema.nullable(),
  created_on: isoDateSchema,
  comments: z.array(commentSchema),
});
export type Thread = z.infer<typeof threadSchema>;

const bodySchema = textSchema({ error: 'Write a comment.' })
  .trim()
  .min(1, 'Write a comment.')
  .max(COMMENT_BODY_MAX, `Ensure this field has no more than ${COMMENT_BODY_MAX} characters.`)
  .refine((body) => mentionedIdsIn(body).length <= MENTIONS_PER_COMMENT, {
    message: `Mention at most ${MENTIONS_PER_COMMENT} people in one comment.`,
  });

export const threadCreateBodySchema = z.object({
  body: bodySchema,
  /**
   * The passage, made by the editor from its `Y.Text`: `start` with
   * `Y.createRelativePositionFromTypeIndex(text, from, 0)`, `end` with `(text, to, -1)`, each
   * `Y.encodeRelativePosition` in base64. The server reads the quote from its document. Omit
   * (or null) to comment on the whole item.
   */
  anchor: z
    .object({ start: anchorPositionSchema, end: anchorPositionSchema })
    .nullable()
    .optional(),
});
export type ThreadCreateBody = z.infer<typeof threadCreateBodySchema>;

export const commentBodySchema = z.object({ body: bodySchema });
export type CommentBody = z.infer<typeof commentBodySchema>;

export const threadListQuerySchema = pageQuerySchema.extend({
  /** `true`: resolved threads only; `false`: open ones only; unset: both. */
  resolved: z.enum(['true', 'false']).optional(),
});

export const threadParamsSchema = z.object({ id: idQuerySchema, thread_id: idQuerySchema });
export const commentParamsSchema = z.object({ id: idQuerySchema, comment_id: idQuerySchema });
export const peopleQuerySchema = pageQuerySchema;
