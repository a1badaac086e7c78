import type { ContentItem } from '@cw/contract';
import { CalendarDays, Paperclip, Pencil, Trash2 } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Markdown } from '../../../components/markdown';
import { TagChipList } from '../../../components/tag-chip';
import { formatDate } from '../../../lib/format';

export const PREVIEW_LENGTH = 400;

/** The card's text: the first 400 characters plus an ellipsis when there is more (docs/product.md §9). */
export function previewText(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}

/** A content card: click or Enter opens /content/{id}; Edit and Delete icons (docs/product.md §2). */
export function ContentCard({
  item,
  onDelete,
}: {
  item: ContentItem;
  onDelete: (item: ContentItem) => void;
}) {
  const navigate = useNavigate();
  const open = () => void navigate(`/content/${item.id}`);
  const fromControl = (target: EventTarget) =>
    target instanceof Element && target.closest('a, button') !== null;
  const tags = item.tags_named_list;

  return (
    <article
      tabIndex={0}
      aria-label={item.title}
      data-testid="content-card"
      onClick={(event: MouseEvent) => {
        if (!fromControl(event.target)) open();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open();
      }}
      className="group flex min-w-0 cursor-pointer flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="line-clamp-2 min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900 group-hover:text-indigo-700">
          {item.title}
        </h2>
        <div className="-mt-1 -mr-1 flex shrink-0">
          <Link
            to={`/content/${item.id}/edit`}
            aria-label={`Edit ${item.title}`}
            title="Edit"
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <button
            type="button"
            onClick={() => onDelete(item)}
            aria-label={`Delete ${item.title}`}
            title="Delete"
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <Markdown className="mt-2 text-slate-600 [&_h1]:text-base [&_h2]:text-base [&_pre]:max-h-40">
        {previewText(item.content)}
      </Markdown>
      <TagChipList tags={tags} className="mt-3" />
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          {formatDate(item.created_on)}
        </span>
        {item.files.length > 0 && (
          <span className="inline-flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden="true" />
            {item.files.length} attachment(s)
          </span>
        )}
        {item.updated_on && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-700 ring-1 ring-amber-600/20 ring-inset">
            Edited
          </span>
        )}
      </div>
    </article>
  );
}
