import {
  and,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { CollectionScope, ContentOrdering, CursorValue } from '@cw/contract';
import {
  collections,
  contentCollections,
  contentStatusCounts,
  contentTags,
  contents,
} from '../../db/schema';
import { rowColumns } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { afterKey, cappedCount, pageKeySql, type KeyOrder } from '../../db/page';
import { KEY_ORDER, ORDER_BY, type ContentFilters } from './content-filters';
import { readScopeParts, scopeOf, type ScopeSubject } from '../../policy/library.policy';

const columns = rowColumns(contents);

/** A count query: one row, its `count`. */
type CountQuery = PromiseLike<{ count: number }[]> & { getSQL(): SQL };

/**
 * How one part of a list is counted: from the counts the database keeps of a person's live items
 * per status (`kept`, decision 265: exact at any size), or up to one past EXACT_COUNT_MAX.
 */
export interface CountPart {
  kept: boolean;
  query: CountQuery;
}

/**
 * The content list's queries (docs/api.md, "Lists"): which rows a list holds, its page and its
 * count. The repository runs them; library-scale.test.ts checks their plans.
 */
export class ContentListQuery {
  constructor(private readonly db: Executor) {}

  /**
   * Without a collection, the caller's own items ("your content"); with one, its items, which
   * its members may read (docs/api.md, "Sharing").
   */
  where(caller: ScopeSubject, filters: ContentFilters): SQL | undefined {
    return and(this.scopeWhere(caller, filters.scope, filters.collection), this.narrowed(filters));
  }

  /** Every filter but the scope. */
  private narrowed(filters: ContentFilters): SQL | undefined {
    const { tag, collection, statuses, isPublic, publishOnAfter, publishOnBefore } = filters;
    return and(
      tag === undefined
        ? undefined
        : inArray(
            contents.id,
            this.db
              .select({ id: contentTags.contentId })
              .from(contentTags)
              .where(eq(contentTags.tagId, tag)),
          ),
      collection === undefined
        ? undefined
        : inArray(
            contents.id,
            this.db
              .select({ id: contentCollections.contentId })
              .from(contentCollections)
              .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
              // A collection in the trash holds nothing while it is there (decision 130).
              .where(
                and(eq(contentCollections.collectionId, collection), isNull(collections.deletedOn)),
              ),
          ),
      statuses && statuses.length > 0 ? inArray(contents.status, statuses) : undefined,
      isPublic === undefined ? undefined : eq(contents.isPublic, isPublic),
      publishOnAfter === undefined ? undefined : gte(contents.publishOn, publishOnAfter),
      publishOnBefore === undefined ? undefined : lte(contents.publishOn, publishOnBefore),
    );
  }

  /**
   * Whose items a list holds (decision 220): `mine` the caller's own; `shared` the items of
   * others they read through a membership; `all` both. Each is the policy's read scope, narrowed
   * (`shared` leaves the caller's own out), so a scope never widens what the caller may read.
   * Unset: the caller's own, or with a collection everything of it they may read.
   */
  private scopeWhere(
    caller: ScopeSubject,
    scope: CollectionScope | undefined,
    collection: number | undefined,
  ): SQL {
    switch (scope) {
      case undefined:
        return scopeOf(caller, 'contents', collection === undefined ? 'own' : 'read');
      case 'mine':
        return scopeOf(caller, 'contents', 'own');
      // The read scope as its two disjoint parts (decision 244): the caller's own items through
      // the owner index, and others' through the array of their memberships' items, so that a
      // board of everything never reads every person's items (`own OR EXISTS (…)` did: a
      // sequential scan of the whole table at 100,000 items).
      case 'shared':
        return readScopeParts(caller, 'contents').shared ?? sql`false`;
      case 'all': {
        const { own, shared } = readScopeParts(caller, 'contents');
        return shared ? (or(own, shared) as SQL) : own;
      }
    }
  }

  /**
   * The list as disjoint parts, each read on its own (decision 268): `all` is the caller's own
   * items and the shared ones, so each part walks its own index in the list's order; any other
   * scope is one part.
   */
  private parts(caller: ScopeSubject, filters: ContentFilters): { own: boolean; where: SQL }[] {
    if (filters.scope === 'all') {
      const { own, shared } = readScopeParts(caller, 'contents');
      const narrowed = this.narrowed(filters);
      return [
        { own: true, where: and(own, narrowed)! },
        ...(shared ? [{ own: false, where: and(shared, narrowed)! }] : []),
      ];
    }
    const own =
      (filters.scope === undefined && filters.collection === undefined) || filters.scope === 'mine';
    return [{ own, where: this.where(caller, filters) ?? sql`true` }];
  }

  /**
   * The parts a page is read in: the scope's parts and, last changed first with several
   * statuses, each status apart (contents_live_user_status_changed_idx holds each status's
   * items in that order; decision 268).
   */
  private pageParts(
    caller: ScopeSubject,
    filters: ContentFilters,
    ordering: ContentOrdering,
  ): { own: boolean; where: SQL }[] {
    const statuses = [...new Set(filters.statuses ?? [])];
    if (ordering !== '-updated_on' || statuses.length < 2) return this.parts(caller, filters);
    return statuses.flatMap((status) => this.parts(caller, { ...filters, statuses: [status] }));
  }

  /**
   * The page's rows (decisions 256, 264, 268): the page's ids first, from an index alone where
   * one holds the order (a deep page skips index entries, not rows; after a cursor's key it skips
   * none), then those rows by primary key, each with its sort key (`pageKey`, what a cursor is
   * made of). A list of parts takes the first `offset + limit` ids of each part in order (each
   * from its own index) and merges them: the whole scope is never read and sorted for a page.
   */
  pageQuery(
    caller: ScopeSubject,
    filters: ContentFilters,
    ordering: ContentOrdering,
    limit: number | Placeholder,
    offset: number | Placeholder,
    after?: readonly CursorValue[],
  ) {
    const order = KEY_ORDER[ordering];
    const keyed = after === undefined ? undefined : afterKey(order, after);
    const skip = after === undefined ? offset : 0;
    const parts = this.pageParts(caller, filters, ordering);
    let ids: SQL;
    if (parts.length === 1 || typeof limit !== 'number' || typeof skip !== 'number') {
      ids = sql`${this.db
        .select({ id: contents.id })
        .from(contents)
        .where(and(this.where(caller, filters), keyed))
        .orderBy(...ORDER_BY[ordering])
        .limit(limit)
        .offset(skip)}`;
    } else {
      const branches = parts.map(
        (part) =>
          sql`(select ${contents.id} as id, ${sortKeys(order)} from ${contents} where ${and(part.where, keyed)} order by ${sql.join(ORDER_BY[ordering], sql`, `)} limit ${skip + limit})`,
      );
      ids = sql`select id from (${sql.join(branches, sql` union all `)}) parts order by ${mergedOrder(order)} limit ${limit} offset ${skip}`;
    }
    return this.db
      .select({ ...columns, pageKey: pageKeySql(order) })
      .from(contents)
      .where(sql`${contents.id} in (${ids})`)
      .orderBy(...ORDER_BY[ordering]);
  }

  /**
   * How the list is counted, part by part (decision 268): a person's own live items, whole or
   * by status, from the counts the database keeps (exact at any size, decision 265); any other
   * part up to one past EXACT_COUNT_MAX (decision 256).
   */
  countParts(caller: ScopeSubject, filters: ContentFilters): CountPart[] {
    const keepable =
      filters.tag === undefined &&
      filters.isPublic === undefined &&
      filters.publishOnAfter === undefined &&
      filters.publishOnBefore === undefined &&
      filters.collection === undefined;
    return this.parts(caller, filters).map((part) =>
      part.own && keepable
        ? { kept: true, query: this.keptCount(caller, filters) }
        : { kept: false, query: cappedCount(this.db, contents, part.where) },
    );
  }

  /** The caller's live items (of the filter's statuses), as the database keeps them counted. */
  keptCount(caller: ScopeSubject, filters: Pick<ContentFilters, 'statuses'>): CountQuery {
    const { statuses } = filters;
    return this.db
      .select({ count: sql<number>`coalesce(sum(${contentStatusCounts.items}), 0)::int` })
      .from(contentStatusCounts)
      .where(
        and(
          eq(contentStatusCounts.userId, caller.userId),
          statuses && statuses.length > 0
            ? inArray(contentStatusCounts.status, statuses)
            : undefined,
        ),
      );
  }
}

/** The sort keys of a list's order as columns `k0, k1, …` of a part (decision 268). */
const sortKeys = (order: KeyOrder): SQL =>
  sql.join(
    order.keys.map((key, index) => sql`${key.expr} as ${sql.raw(`k${index}`)}`),
    sql`, `,
  );

/** The list's order over those columns, to merge the parts' first rows. */
const mergedOrder = (order: KeyOrder): SQL =>
  sql.raw(
    order.keys
      .map(
        (_, index) =>
          `k${index} ${order.descending ? 'desc' : 'asc'}${order.nullsLast && index === 0 ? ' nulls last' : ''}`,
      )
      .join(', '),
  );
