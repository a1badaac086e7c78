import { splitMentions } from '@cw/contract/mentions';
import type { Comment, Thread } from '@cw/contract';
import { clsx } from 'clsx';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Markdown } from '../../../components/markdown';
import { formatDateTime } from '../../../lib/format';
import type { CommentAction } from '../api/comments';
import { CommentBox } from './comment-box';

/** Markdown special characters in a name, escaped so a mention reads as the name it is. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/** A body as markdown, each mention `@[Name](user:ID)` shown as a bold `@Name`. */
export const bodyMarkdown = (body: string): string =>
  splitMentions(body)
    .map((part) => ('mention' in part ? `**@${escapeMarkdown(part.mention.name)}**` : part.text))
    .join('');

const LINK =
  'rounded text-xs font-semibold text-slate-600 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600';

function CommentView({
  comment,
  mine,
  contentId,
  act,
}: {
  comment: Comment;
  mine: boolean;
  contentId: number;
  act: (action: CommentAction) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<'ask' | 'pending' | 'failed' | null>(null);
  if (comment.deleted) {
    return <p className="text-sm text-slate-500 italic">This comment was deleted.</p>;
  }
  const author = comment.author?.name ?? 'Deleted account';
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{author}</span>
        <time dateTime={comment.created_on}>{formatDateTime(comment.created_on)}</time>
        {comment.edited_on && <span>(edited)</span>}
      </p>
      {editing ? (
        <CommentBox
          contentId={contentId}
          label="Edit comment"
          submitLabel="Save"
          initial={comment.body}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await act({ kind: 'edit', commentId: comment.id, body });
            setEditing(false);
          }}
        />
      ) : (
        <Markdown className="text-sm [overflow-wrap:anywhere]">
          {bodyMarkdown(comment.body)}
        </Markdown>
      )}
      {mine && !editing && (
        <div className="mt-1 flex gap-3">
          <button type="button" className={LINK} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className={LINK} onClick={() => setDeleting('ask')}>
            Delete
          </button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete comment?"
        message="This comment will be deleted for good."
        pending={deleting === 'pending'}
        error={deleting === 'failed' ? 'Could not delete the comment. Try again.' : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          setDeleting('pending');
          act({ kind: 'delete', commentId: comment.id }).then(
            () => setDeleting(null),
            () => setDeleting('failed'),
          );
        }}
      />
    </div>
  );
}

/**
 * One thread (docs/product.md, "Comments"): the quoted passage (or "Detached" once its text is
 * gone), its comments, a reply box, and Resolve / Reopen.
 */
export function ThreadCard({
  thread,
  me,
  active,
  onSelect,
  act,
}: {
  thread: Thread;
  me: number;
  active: boolean;
  onSelect?: () => void;
  act: (action: CommentAction) => Promise<unknown>;
}) {
  const first = thread.comments[0];
  const label = first?.author?.name ? `Comment by ${first.author.name}` : `Comment ${thread.id}`;
  return (
    <article
      aria-label={label}
      data-thread={thread.id}
      className={clsx(
        'space-y-2 rounded-lg bg-white p-3 shadow-sm ring-1',
        active ? 'ring-2 ring-amber-400' : 'ring-slate-200',
        thread.resolved && 'opacity-80',
      )}
    >
      {thread.anchor ? (
        <button
          type="button"
          onClick={onSelect}
          disabled={thread.detached || !onSelect}
          className="block w-full rounded border-l-4 border-amber-400 bg-amber-50 px-2 py-1 text-left text-xs text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 enabled:hover:bg-amber-100"
        >
          {thread.detached && <span className="mr-1 font-semibold text-slate-800">Detached:</span>}
          <span className="line-clamp-2 [overflow-wrap:anywhere]">{thread.anchor.quote}</span>
        </button>
      ) : (
        <p className="text-xs font-semibold text-slate-500">On the whole item</p>
      )}
      {thread.detached && <p className="text-xs text-slate-500">The commented text was deleted.</p>}
      <ol className="space-y-3">
        {thread.comments.map((comment) => (
          <li key={comment.id}>
            <CommentView
              comment={comment}
              mine={comment.author?.id === me}
              contentId={thread.content_id}
              act={act}
            />
          </li>
        ))}
      </ol>
      {thread.resolved ? (
        <p className="flex items-center justify-between gap-2 text-xs text-slate-600">
          <span>Resolved{thread.resolved_by ? ` by ${thread.resolved_by.name}` : ''}</span>
          <button
            type="button"
            className={LINK}
            onClick={() => void act({ kind: 'reopen', threadId: thread.id })}
          >
            Reopen
          </button>
        </p>
      ) : (
        <>
          <CommentBox
            contentId={thread.content_id}
            label="Reply"
            submitLabel="Reply"
            onSubmit={(body) => act({ kind: 'reply', threadId: thread.id, body })}
          />
          <button
            type="button"
            className={LINK}
            onClick={() => void act({ kind: 'resolve', threadId: thread.id })}
          >
            Resolve
          </button>
        </>
      )}
    </article>
  );
}
