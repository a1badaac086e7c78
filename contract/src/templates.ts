import { z } from 'zod';
import { idSchema, isoDateSchema, nameTextSchema, textSchema } from './common';
import {
  CONTENT_BODY_MAX,
  CONTENT_STATUSES,
  CONTENT_TITLE_MAX,
  TAG_NAME_MAX,
  contentStatusSchema,
} from './library';
import {
  TEMPLATE_CHECK_MAX,
  TEMPLATE_CHECKLIST_MAX,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TAGS_MAX,
} from './template-limits';

/**
 * Templates (docs/api.md, "Templates"; decision 235): the outline a new item starts from, with
 * its default status, tags (by name: tags are per person) and checklist (a task list). The
 * built-in ones have a word for an id (`youtube-video`); a person's own, a number.
 */

export * from './template-limits';

export const templateSchema = z.object({
  /** `youtube-video`, `podcast-episode`, `short`, `newsletter`, or a saved template's number. */
  id: z.string(),
  builtin: z.boolean(),
  name: z.string(),
  description: z.string(),
  /** The title a new item gets ('' takes the template's name). */
  title: z.string(),
  content: z.string(),
  status: z.enum(CONTENT_STATUSES),
  tags: z.array(z.string()),
  checklist: z.array(z.string()),
  created_on: isoDateSchema.nullable(),
});
export type Template = z.infer<typeof templateSchema>;

const required = { error: 'This field is required.' } as const;
const blank = 'This field may not be blank.';

export const templateCreateBodySchema = z.object({
  name: nameTextSchema(required)
    .trim()
    .min(1, blank)
    .max(TEMPLATE_NAME_MAX, `Ensure this field has no more than ${TEMPLATE_NAME_MAX} characters.`),
  description: textSchema()
    .trim()
    .max(
      TEMPLATE_DESCRIPTION_MAX,
      `Ensure this field has no more than ${TEMPLATE_DESCRIPTION_MAX} characters.`,
    )
    .default(''),
  title: textSchema()
    .trim()
    .max(CONTENT_TITLE_MAX, `Ensure this field has no more than ${CONTENT_TITLE_MAX} characters.`)
    .default(''),
  content: textSchema()
    .max(CONTENT_BODY_MAX, `Ensure this field has no more than ${CONTENT_BODY_MAX} characters.`)
    .default(''),
  status: contentStatusSchema.default('idea'),
  tags: z
    .array(nameTextSchema().trim().min(1, blank).max(TAG_NAME_MAX))
    .max(TEMPLATE_TAGS_MAX)
    .default([]),
  checklist: z
    .array(textSchema().trim().min(1, blank).max(TEMPLATE_CHECK_MAX))
    .max(TEMPLATE_CHECKLIST_MAX)
    .default([]),
});
export type TemplateCreateBody = z.input<typeof templateCreateBodySchema>;

/** A new item from a template: its title (else the template's), and a collection to put it in. */
export const templateUseBodySchema = z.object({
  title: textSchema()
    .trim()
    .min(1, blank)
    .max(CONTENT_TITLE_MAX, `Ensure this field has no more than ${CONTENT_TITLE_MAX} characters.`)
    .optional(),
  collection: idSchema.optional(),
});
export type TemplateUseBody = z.input<typeof templateUseBodySchema>;

/** A built-in's word or a saved template's number; anything else answers 404, like an id. */
export const templateParamsSchema = z.object({
  id: z.string().regex(/^(?:[a-z][a-z-]{0,39}|[1-9]\d{0,9})$/),
});
