import { sql, type SQL } from 'drizzle-orm';
import type { SearchType } from '@cw/contract';
import {
  collectionTags,
  collections,
  contentCollections,
  contentTags,
  contents,
  notes,
  tags,
} from '../../db/schema';

/* The filters of a search as SQL, beside the read scope of each branch (search.repository.ts). */

/**
 * Rows carrying a tag of that name (ignoring case), through a link table or a notes' array. A
 * row's tags are its owner's (docs/api.md, "Sharing"), so the tag is looked for among the
 * owner's by `tags_user_lower_name_key`, never among every person's tags of that name
 * (decision 271).
 */
export function carries(type: SearchType, name: string): SQL | undefined {
  const named = sql`lower(${tags.name}) = lower(${name})`;
  switch (type) {
    case 'content':
      return sql`exists (select 1 from ${contentTags} inner join ${tags} on ${tags.id} = ${contentTags.tagId} where ${contentTags.contentId} = ${contents.id} and ${tags.userId} = ${contents.userId} and ${named})`;
    case 'collection':
      return sql`exists (select 1 from ${collectionTags} inner join ${tags} on ${tags.id} = ${collectionTags.tagId} where ${collectionTags.collectionId} = ${collections.id} and ${tags.userId} = ${collections.userId} and ${named})`;
    case 'note':
      return sql`exists (select 1 from unnest(${notes.tags}) as note_tag where lower(note_tag) = lower(${name}))`;
    case 'file':
    case 'tag':
      return undefined;
  }
}

/** Which types can carry tags at all (a `#tag` or `tag=` leaves only those). */
export const TAGGABLE: Record<SearchType, boolean> = {
  content: true,
  collection: true,
  note: true,
  file: false,
  tag: false,
};

/** The items of a collection, none while it is in the trash (decision 130). */
export const itemsOf = (collection: number) =>
  sql`select ${contentCollections.contentId} from ${contentCollections} inner join collections items_c on items_c.id = ${contentCollections.collectionId} and items_c.deleted_on is null where ${contentCollections.collectionId} = ${collection}`;
