import type { z } from 'zod';
import {
  COMMENT_QUOTE_MAX,
  mentionedIdsIn,
  type Person,
  type Thread,
  type ThreadCreateBody,
  type peopleQuerySchema,
  type threadListQuerySchema,
} from '@cw/contract';
import { badRequest, notFound } from '../../http/errors';
import { pageWindow, type Page } from '../../http/pagination';
import type { Caller } from '../../policy/caller';
import { requireAuthor, requireRole } from '../../policy/library.policy';
import { DocumentsRepository } from '../../collab/documents.repository';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import { passageOf, rangeOf } from './anchors';
import { presentComment, presentThread } from './comments.presenter';
import type { ThreadRow } from './comments.repository';

type ThreadListQuery = z.output<typeof threadListQuerySchema>;
type PeopleQuery = z.output<typeof peopleQuerySchema>;

/**
 * What a comment write tells the rest of the app, inside the write's own transaction (so what
 * it records commits or rolls back with the comment): notifications and a collection's activity
 * hook in here (docs/api.md, "Comments").
 */
export interface CommentWritten {
  /** A new thread's first comment, a reply, or an edit of a comment's body. */
  kind: 'started' | 'replied' | 'edited';
  contentId: number;
  threadId: number;
  commentId: number;
  authorId: number;
  /** The authors of the thread's other comments (for "reply in my thread"), without the writer. */
  threadAuthors: number[];
  /** Everyone the comment mentions who may read the item, without the writer. */
  mentioned: number[];
  /** Of those, the people the comment did not mention before (all of them unless an edit). */
  newlyMentioned: number[];
  /** The comment's body, as written (mentions as `@[Name](user:ID)`). */
  body: string;
}
export type OnCommentWritten = (repos: LibraryRepositories, event: CommentWritten) => Promise<void>;
/** For a service made without one (tests of the comments alone). */
export const noCommentListener: OnCommentWritten = async () => {};

/**
 * Comments on content items (docs/api.md, "Comments"; decisions 221, 222): whoever may read an
 * item may comment on it (the policy's `comment` action), only a comment's author changes or
 * deletes it, and anyone who may comment resolves or reopens a thread. A thread anchored to a
 * passage is detached once the passage's text is deleted from the item's shared document.
 */
export class CommentsService {
  constructor(
    private readonly store: LibraryStore,
    private readonly now: () => Date,
    private readonly onWritten: OnCommentWritten = noCommentListener,
  ) {}

  async threads(caller: Caller, contentId: number, query: ThreadListQuery): Promise<Page<Thread>> {
    const repos = this.store.repos;
    await this.requireCommenter(repos, caller, contentId, false);
    const { limit, offset } = pageWindow(query);
    const resolved = query.resolved === undefined ? undefined : query.resolved === 'true';
    const { rows, count } = await repos.comments.threads(contentId, { resolved, limit, offset });
    return { results: await this.present(repos, rows), count };
  }

  async start(caller: Caller, contentId: number, body: ThreadCreateBody): Promise<Thread> {
    return this.store.transaction(async (repos) => {
      await this.requireCommenter(repos, caller, contentId);
      let anchor = {
        anchorStart: null as string | null,
        anchorEnd: null as string | null,
        quote: null as string | null,
      };
      if (body.anchor) {
        const stored = await repos.documents.load(contentId);
        const doc = stored && DocumentsRepository.documentOf(stored);
        const quote = doc && passageOf(doc, body.anchor.start, body.anchor.end);
        if (!quote) {
          throw badRequest('The selected text is not saved yet. Try again in a moment.', {
            anchor: ['The selected text is not saved yet. Try again in a moment.'],
          });
        }
        anchor = {
          anchorStart: body.anchor.start,
          anchorEnd: body.anchor.end,
          quote: quote.slice(0, COMMENT_QUOTE_MAX),
        };
      }
      const threadId = await repos.comments.createThread({ contentId, ...anchor });
      await this.write(repos, caller, { kind: 'started', contentId, threadId }, body.body);
      return this.one(repos, contentId, threadId);
    });
  }

  async reply(caller: Caller, contentId: number, threadId: number, body: string): Promise<Thread> {
    return this.store.transaction(async (repos) => {
      await this.requireThread(repos, caller, contentId, threadId);
      await this.write(repos, caller, { kind: 'replied', contentId, threadId }, body);
      return this.one(repos, contentId, threadId);
    });
  }

  async edit(caller: Caller, contentId: number, commentId: number, body: string): Promise<Thread> {
    return this.store.transaction(async (repos) => {
      await this.requireCommenter(repos, caller, contentId);
      const comment = await repos.comments.comment(contentId, commentId);
      if (!comment) throw notFound();
      requireAuthor(caller, comment.authorId);
      await repos.comments.editComment(commentId, body, this.now());
      await this.write(
        repos,
        caller,
        { kind: 'edited', contentId, threadId: comment.threadId },
        body,
        commentId,
      );
      return this.one(repos, contentId, comment.threadId);
    });
  }

  /**
   * Deletes the caller's comment. A thread's first comment, while other comments are left, stays
   * as an emptied place holder; a thread with nothing left goes (decision 221).
   */
  async remove(caller: Caller, contentId: number, commentId: number): Promise<void> {
    await this.store.transaction(async (repos) => {
      await this.requireCommenter(repos, caller, contentId);
      const comment = await repos.comments.comment(contentId, commentId);
      if (!comment) throw notFound();
      requireAuthor(caller, comment.authorId);
      if ((await repos.comments.liveComments(comment.threadId, commentId)) === 0) {
        await repos.comments.deleteThread(comment.threadId);
      } else if (comment.first) {
        await repos.comments.emptyComment(commentId, this.now());
      } else {
        await repos.comments.deleteComment(commentId);
      }
    });
  }

  async resolve(
    caller: Caller,
    contentId: number,
    threadId: number,
    resolved: boolean,
  ): Promise<Thread> {
    return this.store.transaction(async (repos) => {
      await this.requireThread(repos, caller, contentId, threadId);
      await repos.comments.setResolved(
        threadId,
        resolved ? { on: this.now(), by: caller.userId } : null,
      );
      return this.one(repos, contentId, threadId);
    });
  }

  /** Who can be mentioned: the people who may read the item. */
  async people(caller: Caller, contentId: number, query: PeopleQuery): Promise<Page<Person>> {
    await this.requireCommenter(this.store.repos, caller, contentId, false);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.comments.readers(contentId, limit, offset);
    return { results: rows.map((row) => ({ id: row.id, name: row.name || 'Someone' })), count };
  }

  /**
   * The caller may comment on the item (`404` otherwise). In a write's transaction the
   * memberships that give the role are held until it commits (decision 100), so a removal waits.
   */
  private async requireCommenter(
    repos: LibraryRepositories,
    caller: Caller,
    contentId: number,
    lock = true,
  ) {
    requireRole((await repos.access.onContent(caller, contentId, lock))?.role, 'comment');
  }

  private async requireThread(
    repos: LibraryRepositories,
    caller: Caller,
    contentId: number,
    threadId: number,
  ): Promise<void> {
    await this.requireCommenter(repos, caller, contentId);
    if (!(await repos.comments.thread(contentId, threadId))) throw notFound();
  }

  /**
   * Writes a comment (or, with `commentId`, its new body's mentions) and tells the listener.
   * Mentions of people who may not read the item are dropped: they could not open it.
   */
  private async write(
    repos: LibraryRepositories,
    caller: Caller,
    at: { kind: CommentWritten['kind']; contentId: number; threadId: number },
    body: string,
    commentId?: number,
  ): Promise<void> {
    const before = commentId === undefined ? [] : await repos.comments.mentionedBy(commentId);
    const id = commentId ?? (await repos.comments.createComment(at.threadId, caller.userId, body));
    const mentioned = await repos.comments.readersAmong(at.contentId, mentionedIdsIn(body));
    await repos.comments.setMentions(id, mentioned);
    const others = (ids: Iterable<number>) =>
      [...new Set(ids)].filter((user) => user !== caller.userId);
    const authors = (await repos.comments.commentsOf([at.threadId])).flatMap((row) =>
      row.authorId === null || row.id === id ? [] : [row.authorId],
    );
    await this.onWritten(repos, {
      ...at,
      commentId: id,
      authorId: caller.userId,
      threadAuthors: others(authors),
      mentioned: others(mentioned),
      newlyMentioned: others(mentioned.filter((user) => !before.includes(user))),
      body,
    });
  }

  private async one(
    repos: LibraryRepositories,
    contentId: number,
    threadId: number,
  ): Promise<Thread> {
    const row = await repos.comments.thread(contentId, threadId);
    if (!row) throw notFound();
    const [thread] = await this.present(repos, [row]);
    if (!thread) throw notFound();
    return thread;
  }

  /** Threads with their comments, and whether each passage is still in the live document. */
  private async present(repos: LibraryRepositories, rows: ThreadRow[]): Promise<Thread[]> {
    const comments = await repos.comments.commentsOf(rows.map((row) => row.id));
    const mentions = await repos.comments.mentionsOf(comments.map((row) => row.id));
    const anchored = rows.find((row) => row.anchorStart !== null);
    const stored = anchored && (await repos.documents.load(anchored.contentId));
    const doc = stored ? DocumentsRepository.documentOf(stored) : undefined;
    return rows.map((row) => {
      const range =
        doc && row.anchorStart !== null && row.anchorEnd !== null
          ? rangeOf(doc, row.anchorStart, row.anchorEnd)
          : null;
      const detached = row.anchorStart !== null && (!range || range.to <= range.from);
      const own = comments
        .filter((comment) => comment.threadId === row.id)
        .map((comment) =>
          presentComment(
            comment,
            mentions.filter((m) => m.commentId === comment.id).map((m) => m.userId),
          ),
        );
      return presentThread(row, own, detached);
    });
  }
}
