import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  collectionMembers,
  collections,
  commentMentions,
  commentThreads,
  comments,
  contentCollections,
  contents,
  users,
} from '../../db/schema';
import type { Executor } from '../../db/executor';

export type ThreadRow = typeof commentThreads.$inferSelect & { resolverName: string | null };
export interface CommentRow {
  id: number;
  threadId: number;
  authorId: number | null;
  authorName: string | null;
  body: string;
  createdOn: Date;
  editedOn: Date | null;
  deletedOn: Date | null;
}

const fullName = (first: SQL | typeof users.firstName, last: typeof users.lastName) =>
  sql<string>`trim(${first} || ' ' || ${last})`;

/**
 * Comment threads, their comments and mentions (docs/api.md, "Comments"; decision 221). The
 * service asks the caller's role on the item first (`repos.access.onContent`); every query here
 * is kept to that one item by its id.
 */
export class CommentsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * A page of the item's threads, oldest first (`resolved`: only those, or only open ones). The
   * count is exact: one item's threads, not a library's (decision 261).
   */
  async threads(
    contentId: number,
    filter: { resolved?: boolean; limit: number; offset: number },
  ): Promise<{ rows: ThreadRow[]; count: number }> {
    const where = and(
      eq(commentThreads.contentId, contentId),
      filter.resolved === undefined
        ? undefined
        : filter.resolved
          ? isNotNull(commentThreads.resolvedOn)
          : isNull(commentThreads.resolvedOn),
    );
    const [rows, [total]] = await Promise.all([
      this.threadQuery(where)
        .orderBy(asc(commentThreads.id))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(commentThreads).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** One thread of the item. */
  async thread(contentId: number, threadId: number): Promise<ThreadRow | undefined> {
    const [row] = await this.threadQuery(
      and(eq(commentThreads.contentId, contentId), eq(commentThreads.id, threadId)),
    );
    return row;
  }

  private threadQuery(where: SQL | undefined) {
    return this.db
      .select({
        id: commentThreads.id,
        contentId: commentThreads.contentId,
        anchorStart: commentThreads.anchorStart,
        anchorEnd: commentThreads.anchorEnd,
        quote: commentThreads.quote,
        resolvedOn: commentThreads.resolvedOn,
        resolvedBy: commentThreads.resolvedBy,
        createdOn: commentThreads.createdOn,
        resolverName: fullName(users.firstName, users.lastName),
      })
      .from(commentThreads)
      .leftJoin(users, eq(users.id, commentThreads.resolvedBy))
      .where(where)
      .$dynamic();
  }

  /** The comments of some threads, oldest first, with their authors' names. */
  async commentsOf(threadIds: number[]): Promise<CommentRow[]> {
    if (threadIds.length === 0) return [];
    return this.db
      .select({
        id: comments.id,
        threadId: comments.threadId,
        authorId: comments.authorId,
        authorName: fullName(users.firstName, users.lastName),
        body: comments.body,
        createdOn: comments.createdOn,
        editedOn: comments.editedOn,
        deletedOn: comments.deletedOn,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(inArray(comments.threadId, threadIds))
      .orderBy(asc(comments.id));
  }

  /** The mentioned people of some comments. */
  async mentionsOf(commentIds: number[]): Promise<{ commentId: number; userId: number }[]> {
    if (commentIds.length === 0) return [];
    return this.db
      .select({ commentId: commentMentions.commentId, userId: commentMentions.userId })
      .from(commentMentions)
      .where(inArray(commentMentions.commentId, commentIds))
      .orderBy(asc(commentMentions.commentId), asc(commentMentions.userId));
  }

  /** One comment of the item, and whether it is its thread's first. */
  async comment(
    contentId: number,
    commentId: number,
  ): Promise<
    { id: number; threadId: number; authorId: number | null; first: boolean } | undefined
  > {
    const [row] = await this.db
      .select({
        id: comments.id,
        threadId: comments.threadId,
        authorId: comments.authorId,
        first: sql<boolean>`not exists (select 1 from ${comments} earlier where earlier.thread_id = ${comments.threadId} and earlier.id < ${comments.id})`,
        deletedOn: comments.deletedOn,
      })
      .from(comments)
      .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
      .where(and(eq(comments.id, commentId), eq(commentThreads.contentId, contentId)));
    // A deleted first comment is kept only as a place holder: it is no longer anyone's to change.
    if (!row || row.deletedOn !== null) return undefined;
    return { id: row.id, threadId: row.threadId, authorId: row.authorId, first: row.first };
  }

  async createThread(values: {
    contentId: number;
    anchorStart: string | null;
    anchorEnd: string | null;
    quote: string | null;
  }): Promise<number> {
    const [row] = await this.db
      .insert(commentThreads)
      .values(values)
      .returning({ id: commentThreads.id });
    if (!row) throw new Error('comment thread insert returned no row');
    return row.id;
  }

  async createComment(threadId: number, authorId: number, body: string): Promise<number> {
    const [row] = await this.db
      .insert(comments)
      .values({ threadId, authorId, body })
      .returning({ id: comments.id });
    if (!row) throw new Error('comment insert returned no row');
    return row.id;
  }

  /** A comment's mentions become `userIds`. */
  async setMentions(commentId: number, userIds: number[]): Promise<void> {
    await this.db.delete(commentMentions).where(eq(commentMentions.commentId, commentId));
    if (userIds.length > 0) {
      await this.db
        .insert(commentMentions)
        .values(userIds.map((userId) => ({ commentId, userId })));
    }
  }

  async mentionedBy(commentId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: commentMentions.userId })
      .from(commentMentions)
      .where(eq(commentMentions.commentId, commentId));
    return rows.map((row) => row.userId);
  }

  async editComment(commentId: number, body: string, now: Date): Promise<void> {
    await this.db.update(comments).set({ body, editedOn: now }).where(eq(comments.id, commentId));
  }

  /** The first comment of a thread with replies: kept in its place, its body and mentions gone. */
  async emptyComment(commentId: number, now: Date): Promise<void> {
    await this.db
      .update(comments)
      .set({ body: '', deletedOn: now })
      .where(eq(comments.id, commentId));
    await this.setMentions(commentId, []);
  }

  async deleteComment(commentId: number): Promise<void> {
    await this.db.delete(comments).where(eq(comments.id, commentId));
  }

  /** How many comments of the thread are not deleted, `except` one. */
  async liveComments(threadId: number, except: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(comments)
      .where(
        and(eq(comments.threadId, threadId), ne(comments.id, except), isNull(comments.deletedOn)),
      );
    return row?.n ?? 0;
  }

  async deleteThread(threadId: number): Promise<void> {
    await this.db.delete(commentThreads).where(eq(commentThreads.id, threadId));
  }

  async setResolved(threadId: number, resolved: { on: Date; by: number } | null): Promise<void> {
    await this.db
      .update(commentThreads)
      .set({ resolvedOn: resolved?.on ?? null, resolvedBy: resolved?.by ?? null })
      .where(eq(commentThreads.id, threadId));
  }

  /**
   * The people who may read item `contentId`, as `repos.access.onContent` finds them: its owner,
   * and everyone who accepted an invitation to a collection it is in (not in the trash).
   */
  private readersOf(contentId: number): SQL {
    return sql`select ${contents.userId} from ${contents} where ${contents.id} = ${contentId}
      union select ${collectionMembers.userId} from ${contentCollections}
        inner join ${collectionMembers} on ${collectionMembers.collectionId} = ${contentCollections.collectionId}
        inner join ${collections} on ${collections.id} = ${contentCollections.collectionId} and ${collections.deletedOn} is null
        where ${contentCollections.contentId} = ${contentId} and ${collectionMembers.userId} is not null`;
  }

  /** A page of the item's readers, by name. */
  async readers(
    contentId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: { id: number; name: string }[]; count: number }> {
    const readers = sql`${users.id} in (${this.readersOf(contentId)})`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: users.id, name: fullName(users.firstName, users.lastName) })
        .from(users)
        .where(readers)
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(users).where(readers),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** Which of `userIds` may read item `contentId`. */
  async readersAmong(contentId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), sql`${users.id} in (${this.readersOf(contentId)})`));
    return rows.map((row) => row.id);
  }
}
