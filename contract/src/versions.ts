import { z } from 'zod';
import { idQuerySchema, isoDateSchema, pageQuerySchema, textSchema } from './common';

/** Versions of a content item (docs/api.md, "Versions"). */
export const VERSION_LABEL_MAX = 100;
/** Most versions one item keeps; past it the oldest unnamed go first. */
export const VERSIONS_PER_ITEM = 200;
/** Changes within this long of the last version fold into it (autosaves). */
export const VERSION_FOLD_MINUTES = 5;
/** The label of a version kept as what an item's public pages show (decision 229). */
export const PUBLISHED_VERSION_LABEL = 'Published';

/** One row of the History list: no text, so a page of 200 stays small. */
export const versionSummarySchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  title: z.string(),
  word_count: z.number().int(),
  created_on: isoDateSchema,
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const versionSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  created_on: isoDateSchema,
});
export type Version = z.infer<typeof versionSchema>;

/** A named save: `{label}` is optional; an empty or blank label saves an unnamed version. */
export const versionCreateBodySchema = z.object({
  label: textSchema()
    .trim()
    .max(VERSION_LABEL_MAX, `Ensure this field has no more than ${VERSION_LABEL_MAX} characters.`)
    .nullable()
    .optional(),
});
export type VersionCreateBody = z.infer<typeof versionCreateBodySchema>;

export const versionListQuerySchema = pageQuerySchema;
export const versionParamsSchema = z.object({ id: idQuerySchema, vid: idQuerySchema });
