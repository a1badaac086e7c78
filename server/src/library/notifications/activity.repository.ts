import { aliasedTable, and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACTIVITY_EDIT_FOLD_MINUTES, type ActivityKind } from '@cw/contract';
import { collectionActivity, contentCollections, contents, users } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';

const FOLD_MS = ACTIVITY_EDIT_FOLD_MINUTES * 60 * 1000;

/** One entry of a collection's activity, as a producer names it (in its transaction). */
export interface ActivityInput {
  collectionId: number;
  kind: ActivityKind;
  actorId: number;
  contentId?: number;
  /** What the entry shows (kept: the item may be renamed or gone). */
  contentTitle?: string;
  fromStatus?: string;
  toStatus?: string;
  /** Joined, left, removed: the member's name; invited: their address. */
  member?: string;
  role?: string;
  at: Date;
}

/** An item's event, recorded in every collection the item is in. */
export type ItemActivityInput = Omit<ActivityInput, 'collectionId' | 'contentId'> & {
  contentId: number;
};

export interface ActivityRow {
  id: number;
  kind: string;
  actorFirstName: string | null;
  actorLastName: string | null;
  contentId: number | null;
  contentTitle: string | null;
  data: Record<string, unknown>;
  createdOn: Date;
  updatedOn: Date;
}

const actor = aliasedTable(users, 'actor');

/**
 * The `collection_activity` table. Reads are made after the policy has allowed the caller to
 * read the collection (ActivityService).
 */
export class ActivityRepository {
  constructor(private readonly db: Executor) {}

  async record(input: ActivityInput): Promise<void> {
    await this.db.insert(collectionActivity).values({
      collectionId: input.collectionId,
      kind: input.kind,
      actorId: input.actorId,
      contentId: input.contentId ?? null,
      data: dataOf(input),
      createdOn: input.at,
      updatedOn: input.at,
    });
  }

  /**
   * An item's event in each collection it is in (live ones; a trashed collection's activity
   * stops with it). An edit folds into the person's 'edited' entry of the item made in the last
   * 5 minutes, like versions: one entry per person per item per 5 minutes.
   */
  async recordForItem(input: ItemActivityInput): Promise<void> {
    const rows = await this.db
      .select({ collectionId: contentCollections.collectionId })
      .from(contentCollections)
      .where(eq(contentCollections.contentId, input.contentId));
    for (const { collectionId } of rows) {
      if (input.kind === 'edited' && (await this.fold(collectionId, input))) continue;
      await this.record({ ...input, collectionId });
    }
  }

  private async fold(collectionId: number, input: ItemActivityInput): Promise<boolean> {
    const folded = await this.db
      .update(collectionActivity)
      .set({ updatedOn: input.at, data: dataOf(input) })
      .where(
        and(
          eq(collectionActivity.collectionId, collectionId),
          eq(collectionActivity.contentId, input.contentId),
          eq(collectionActivity.actorId, input.actorId),
          eq(collectionActivity.kind, 'edited'),
          gt(collectionActivity.createdOn, new Date(input.at.getTime() - FOLD_MS)),
        ),
      )
      .returning({ id: collectionActivity.id });
    return folded.length > 0;
  }

  async list(collectionId: number, limit: number, offset: number) {
    const where = eq(collectionActivity.collectionId, collectionId);
    return pageWithCount(
      this.db,
      this.db
        .select({
          id: collectionActivity.id,
          kind: collectionActivity.kind,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
          contentId: collectionActivity.contentId,
          contentTitle: sql<string | null>`${contents.title}`,
          data: collectionActivity.data,
          createdOn: collectionActivity.createdOn,
          updatedOn: collectionActivity.updatedOn,
        })
        .from(collectionActivity)
        .leftJoin(actor, eq(actor.id, collectionActivity.actorId))
        .leftJoin(
          contents,
          and(eq(contents.id, collectionActivity.contentId), isNull(contents.deletedOn)),
        )
        .where(where)
        .orderBy(desc(collectionActivity.id))
        .limit(limit)
        .offset(offset),
      collectionActivity,
      where,
      { limit, offset },
    );
  }
}

function dataOf(input: Omit<ActivityInput, 'collectionId'>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (input.contentTitle !== undefined) data.contentTitle = input.contentTitle;
  if (input.fromStatus !== undefined) data.fromStatus = input.fromStatus;
  if (input.toStatus !== undefined) data.toStatus = input.toStatus;
  if (input.member !== undefined) data.member = input.member;
  if (input.role !== undefined) data.role = input.role;
  return data;
}
