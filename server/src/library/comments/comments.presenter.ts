import type { Comment, Thread } from '@cw/contract';
import type { CommentRow, ThreadRow } from './comments.repository';

/** A person's name as stored; an account without one reads as "Someone". */
const nameOf = (name: string | null): string => (name && name.length > 0 ? name : 'Someone');

export function presentComment(row: CommentRow, mentions: number[]): Comment {
  return {
    id: row.id,
    author: row.authorId === null ? null : { id: row.authorId, name: nameOf(row.authorName) },
    body: row.deletedOn ? '' : row.body,
    mentions: row.deletedOn ? [] : mentions,
    created_on: row.createdOn.toISOString(),
    edited_on: row.editedOn?.toISOString() ?? null,
    deleted: row.deletedOn !== null,
  };
}

/** A thread with its comments; `detached` as the service found it in the live document. */
export function presentThread(row: ThreadRow, comments: Comment[], detached: boolean): Thread {
  return {
    id: row.id,
    content_id: row.contentId,
    anchor:
      row.anchorStart !== null && row.anchorEnd !== null
        ? { start: row.anchorStart, end: row.anchorEnd, quote: row.quote ?? '' }
        : null,
    detached,
    resolved: row.resolvedOn !== null,
    resolved_on: row.resolvedOn?.toISOString() ?? null,
    resolved_by:
      row.resolvedBy === null ? null : { id: row.resolvedBy, name: nameOf(row.resolverName) },
    created_on: row.createdOn.toISOString(),
    comments,
  };
}
