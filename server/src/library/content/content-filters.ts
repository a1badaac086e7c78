import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { CollectionScope, ContentOrdering, ContentStatus } from '@cw/contract';
import { contents } from '../../db/schema';
import { cursorTimestamp, type KeyOrder } from '../../db/page';

/** The list filters of content items (docs/api.md, "Lists"); every one is optional. */
export interface ContentFilters {
  /** Whose items (decision 220); unset: the caller's own, or with `collection` all it may read. */
  scope?: CollectionScope;
  tag?: number;
  collection?: number;
  statuses?: ContentStatus[];
  isPublic?: boolean;
  publishOnAfter?: string;
  publishOnBefore?: string;
}

/** Each ordering ends with the id, so pages never repeat or skip a row. */
export const ORDER_BY: Record<ContentOrdering, SQL[]> = {
  '-created_on': [desc(contents.id)],
  '-updated_on': [
    desc(sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`),
    desc(contents.id),
  ],
  title: [asc(sql`lower(${contents.title})`), asc(contents.id)],
  publish_on: [sql`${contents.publishOn} asc nulls last`, asc(contents.id)],
  position: [asc(contents.position), asc(contents.id)],
};

const changedOn = sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`;

/**
 * The same orders as ORDER_BY, as keyset paging reads them (decision 264): a `next` link's
 * cursor holds the last row's key, and the next page is the rows after it.
 */
export const KEY_ORDER: Record<ContentOrdering, KeyOrder> = {
  '-created_on': { keys: [{ expr: contents.id, cast: 'int' }], descending: true },
  '-updated_on': {
    keys: [
      { expr: changedOn, cast: 'timestamptz', kept: cursorTimestamp(changedOn) },
      { expr: contents.id, cast: 'int' },
    ],
    descending: true,
  },
  title: {
    keys: [
      { expr: sql`lower(${contents.title})`, cast: 'text' },
      { expr: contents.id, cast: 'int' },
    ],
    descending: false,
  },
  publish_on: {
    keys: [
      { expr: contents.publishOn, cast: 'date', kept: sql`${contents.publishOn}::text` },
      { expr: contents.id, cast: 'int' },
    ],
    descending: false,
    nullsLast: true,
  },
  position: {
    keys: [
      { expr: contents.position, cast: 'int' },
      { expr: contents.id, cast: 'int' },
    ],
    descending: false,
  },
};

/** No filter at all: the list every page of "your content" asks for. */
export const unfiltered = (filters: ContentFilters): boolean =>
  (filters.scope === undefined || filters.scope === 'mine') &&
  filters.tag === undefined &&
  filters.collection === undefined &&
  (filters.statuses === undefined || filters.statuses.length === 0) &&
  filters.isPublic === undefined &&
  filters.publishOnAfter === undefined &&
  filters.publishOnBefore === undefined;
