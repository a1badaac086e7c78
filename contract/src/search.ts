import { z } from 'zod';
import {
  idQuerySchema,
  idSchema,
  isoDateSchema,
  pageQuerySchema,
  repeatable,
  textSchema,
} from './common';
import { contentStatusSchema } from './library';
import { roleSchema } from './sharing';

/**
 * Search (docs/api.md, "Search"): one call finds content items, notes, collections, files and
 * tags the caller can read, best match first. `q` reads like a web search: words (all must
 * match), `"an exact phrase"`, `-excluded`, `a OR b` and `#tag`; the last word also matches as
 * a prefix.
 */

export const SEARCH_TYPES = ['content', 'note', 'collection', 'file', 'tag'] as const;

/**
 * A search's `count` is exact up to this many hits; beyond, it is the database's estimate
 * (decision 263: counting further would read every hit of a common word), and the web says
 * "about".
 */
export const SEARCH_EXACT_COUNT_MAX = 100;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_Q_MAX = 200;
export const SEARCH_PAGE_SIZE_MAX = 50;
/** A snippet is at most this many characters of plain text around the best match. */
export const SNIPPET_MAX = 240;

export const searchQuerySchema = pageQuerySchema.extend({
  q: textSchema({ error: 'This field is required.' })
    .max(SEARCH_Q_MAX, `Ensure this field has no more than ${SEARCH_Q_MAX} characters.`)
    .trim()
    .min(1, 'This field may not be blank.'),
  type: repeatable(
    z.enum(SEARCH_TYPES, { error: `Choose one of: ${SEARCH_TYPES.join(', ')}.` }),
  ).optional(),
  /** Only rows in this collection: its content items, its notes, its files and itself. */
  collection: idQuerySchema.optional(),
  /** Only content items and collections carrying this tag id (the caller's tag). */
  tag: idQuerySchema.optional(),
  /** Only content items in one of these statuses. */
  status: repeatable(contentStatusSchema).optional(),
  page_size: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(20),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** `[start, end)`: character offsets (UTF-16 code units, as JavaScript counts) of one match. */
export const highlightSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type Highlight = z.infer<typeof highlightSchema>;

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: idSchema,
  /** Content and note title, collection name, file name or tag name. */
  title: z.string(),
  /** Plain text (never HTML) around the best match in the body, at most 240 characters; empty
   * when only the title matched. */
  snippet: z.string(),
  /** Matches inside `snippet`, or inside `title` when `snippet` is empty. */
  highlights: z.array(highlightSchema),
  /** Matches inside `title`, whatever `snippet` holds (so a list can mark both). */
  title_highlights: z.array(highlightSchema),
  /** A note's collection; null for every other type. */
  collection: idSchema.nullable(),
  /** Where the row lives: a note's collection, a file's content item or collection. */
  parent: z
    .object({ type: z.enum(['content', 'collection']), id: idSchema, title: z.string() })
    .nullable(),
  /** Last change, or creation for a row never changed. */
  updated_on: isoDateSchema,
  /** The caller's role on the row: `owner`, or their role on the shared collection. */
  role: roleSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;
