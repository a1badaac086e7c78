import { z } from 'zod';
import { idQuerySchema, isoDateSchema, pageQuerySchema } from './common';

/** The API shapes of links between items (docs/api.md, "Links between items"; decision 211). */
export {
  LINK_TEXT_MAX,
  LINKS_PER_ITEM,
  linkTargetsOf,
  normaliseLinkText,
  wikilinksAsText,
  wikilinksIn,
  type WrittenLink,
} from './wikilinks-text';

/** One written link of an item and where it leads for the caller (null: missing for them). */
export const itemLinkSchema = z.object({
  /** The written target, normalised (`normaliseLinkText`). */
  text: z.string(),
  /** The target item, when it exists, is live and the caller may read it. */
  target: z
    .object({
      id: z.number().int(),
      /** Its current title (a renamed target keeps the link). */
      title: z.string(),
    })
    .nullable(),
});
export type ItemLink = z.infer<typeof itemLinkSchema>;

export const itemLinksSchema = z.object({ results: z.array(itemLinkSchema) });
export type ItemLinks = z.infer<typeof itemLinksSchema>;

/** An item that links to another: what the Backlinks list shows. */
export const backlinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  updated_on: isoDateSchema.nullable(),
});
export type Backlink = z.infer<typeof backlinkSchema>;

export const backlinkListQuerySchema = pageQuerySchema;
export const linkParamsSchema = z.object({ id: idQuerySchema });
