import { z } from 'zod';
import { isoDateSchema } from './common';

/**
 * The parts of a public address. Any text is accepted here: an id that is not one of ours is
 * answered like an unknown one (404, never 400), so the answer tells nothing about the format.
 */
export const publicParamsSchema = z.object({ public_id: z.string() });
export const publicItemParamsSchema = z.object({ public_id: z.string(), content_id: z.string() });
export const publicFileParamsSchema = z.object({ public_id: z.string(), file_id: z.string() });

export const publicFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  /** A raster image's size in pixels, else null (docs/api.md, "File"). */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** `/p/{public_id}/files/{id}`. */
  url: z.string(),
});

export const publicItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The markdown of its published version (decision 229). */
  content: z.string(),
  /** Its summary, or `""`. */
  summary: z.string(),
  /** The id of its cover among `files`, or null. */
  cover: z.number().int().nullable(),
  publish_on: z.string().nullable(),
  created_on: isoDateSchema,
  /** When its published version was kept. */
  updated_on: isoDateSchema.nullable(),
  files: z.array(publicFileSchema),
});

/** `GET /api/public/{public_id}/`: what a published collection shows to anyone. */
export const publicCollectionSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Tag names. */
  tags: z.array(z.string()),
  /** The owner's first and last name (never the email). */
  owner_name: z.string(),
  /** Items switched "Show on public page", newest `publish_on` (else `created_on`) first. */
  items: z.array(publicItemSchema),
});
export type PublicCollection = z.infer<typeof publicCollectionSchema>;
export type PublicItem = z.infer<typeof publicItemSchema>;
