import { X } from 'lucide-react';
import { clsx } from 'clsx';
import { CommentBox } from './comment-box';
import { COMMENT_SHORTCUT_LABEL } from './comment-marks';
import { ThreadCard } from './thread-card';
import type { CommentsState } from './use-comments';

/**
 * The comments beside the text (docs/product.md, "Comments"): a margin column on wide screens,
 * a panel over the lower part of the page on a phone. Open threads in the order of their
 * passages, then comments on the whole item, then detached ones; "Show resolved" adds the
 * resolved. A new comment on a selection, and one on the whole item, are written here.
 */
export function CommentsPanel({
  contentId,
  me,
  comments,
}: {
  contentId: number;
  me: number;
  comments: CommentsState;
}) {
  const shown = comments.threads.filter((thread) => comments.showResolved || !thread.resolved);
  return (
    <aside
      id="comments-panel"
      aria-label="Comments"
      className={clsx(
        'flex min-h-0 flex-col gap-3 overflow-y-auto rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200',
        'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-40 max-lg:max-h-[75dvh] max-lg:rounded-b-none max-lg:shadow-2xl',
        'lg:w-80 lg:shrink-0',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">Comments</h2>
        <label className="ml-auto flex items-center gap-1.5 text-xs text-slate-700">
          <input
            type="checkbox"
            checked={comments.showResolved}
            onChange={(event) => comments.setShowResolved(event.target.checked)}
            className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
          Show resolved{comments.resolvedCount > 0 ? ` (${comments.resolvedCount})` : ''}
        </label>
        <button
          type="button"
          onClick={comments.close}
          aria-label="Close comments"
          className="rounded p-1 text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {comments.pending && (
        <section
          aria-label="New comment"
          className="space-y-2 rounded-lg bg-white p-3 shadow-sm ring-2 ring-indigo-300"
        >
          <p className="line-clamp-3 rounded border-l-4 border-amber-400 bg-amber-50 px-2 py-1 text-xs [overflow-wrap:anywhere] text-slate-700">
            {comments.pending.quote}
          </p>
          <CommentBox
            contentId={contentId}
            label="Comment"
            submitLabel="Comment"
            autoFocus
            onCancel={comments.cancelPending}
            onSubmit={async (body) => {
              const pending = comments.pending;
              if (!pending) return;
              await comments.act({
                kind: 'start',
                body: { body, anchor: { start: pending.start, end: pending.end } },
              });
              comments.cancelPending();
            }}
          />
        </section>
      )}
      {shown.length === 0 && !comments.pending && (
        <p className="text-sm text-slate-600">
          {comments.loading
            ? 'Loading comments…'
            : comments.resolvedCount > 0
              ? 'No open comments.'
              : `No comments yet. Select text and choose Add comment (${COMMENT_SHORTCUT_LABEL}), or comment on the whole item below.`}
        </p>
      )}
      {shown.map((thread) => (
        <ThreadCard
          key={thread.id}
          thread={thread}
          me={me}
          active={thread.id === comments.active}
          onSelect={() => comments.select(thread)}
          act={comments.act}
        />
      ))}
      <section aria-label="Comment on the whole item" className="mt-auto">
        <CommentBox
          contentId={contentId}
          label="Comment on the whole item"
          submitLabel="Comment"
          onSubmit={(body) => comments.act({ kind: 'start', body: { body } })}
        />
      </section>
    </aside>
  );
}
