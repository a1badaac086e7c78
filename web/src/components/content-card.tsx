import type { ContentItem, ContentStatus } from '@cw/contract';
import { clsx } from 'clsx';
import { CalendarDays, Paperclip, Pencil, Trash2 } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { formatCount, formatDate } from '../lib/format';
import { can, changedByOther } from '../lib/roles';
import { Badge, type BadgeTone } from './badge';
import { LoadMore, type Pages } from './load-more';
import { Markdown } from './markdown';
import { RoleBadge } from './role-badge';
import { TagChipList, tagHref } from './tag-chip';
import { IconButton } from './icon-button';

/** The card preview is cut at 400 characters (docs/product.md, "Business constants and limits"). */
export const PREVIEW_LENGTH = 400;

export const STATUS_LABELS: Record<ContentStatus, string> = {
  idea: 'Idea',
  scripting: 'Scripting',
  recording: 'Recording',
  editing: 'Editing',
  published: 'Published',
};

const STATUS_TONES: Record<ContentStatus, BadgeTone> = {
  idea: 'neutral',
  scripting: 'brand',
  recording: 'info',
  editing: 'warning',
  published: 'success',
};

/** Leading markdown headings that only repeat the card's title ("# Intro script"). */
function withoutTitleHeading(content: string, title: string): string {
  const wanted = title.trim().toLowerCase();
  let rest = content.replace(/^\s+/, '');
  for (;;) {
    const match = /^#{1,6}[ \t]+(.*?)[ \t#]*(?:\r?\n|$)/.exec(rest);
    if (!match || match[1]?.trim().toLowerCase() !== wanted) return rest;
    rest = rest.slice(match[0].length).replace(/^\s+/, '');
  }
}

/**
 * The card's text: the first 400 characters plus an ellipsis when there is more (docs/product.md,
 * "Business constants and limits"), cut at the last word boundary inside them so no word is split;
 * a single word longer than that is cut at 400. A heading that repeats the title is left out.
 */
export function previewText(content: string, title = ''): string {
  const text = title ? withoutTitleHeading(content, title) : content;
  if (text.length <= PREVIEW_LENGTH) return text;
  const cut = text.slice(0, PREVIEW_LENGTH + 1);
  const boundary = cut.search(/\s\S*$/);
  const head = boundary > 0 ? cut.slice(0, boundary) : text.slice(0, PREVIEW_LENGTH);
  return `${head.trimEnd()}...`;
}

/** "1 word", "1,234 words" */
export function wordCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'word' : 'words'}`;
}

/**
 * A content card (docs/product.md, "Screens and routes"): click or Enter opens /content/{id}; Edit
 * and (with `onDelete`) Delete icons, left out for a viewer; tag chips filter /content by their
 * tag. An item shared with the person carries its role badge, and "Edited by {name}" when someone
 * else changed it last ("Added by {name}" when they wrote it). Every card has one height.
 */
export function ContentCard({
  item,
  onDelete,
}: {
  item: ContentItem;
  onDelete?: (item: ContentItem) => void;
}) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const open = () => void navigate(`/content/${item.id}`);
  const writable = can.write(item.role);
  const changedBy = changedByOther(item, user.id);
  const fromControl = (target: EventTarget) =>
    target instanceof Element && target.closest('a, button') !== null;

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
      className="group flex h-80 min-w-0 cursor-pointer flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-200"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="line-clamp-2 min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900 group-hover:text-indigo-700">
          {item.title}
        </h2>
        <div className="-mt-1 -mr-1 flex shrink-0">
          {writable && (
            <Link
              to={`/content/${item.id}/edit`}
              aria-label={`Edit ${item.title}`}
              title="Edit"
              className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <Pencil className="size-4" aria-hidden="true" />
            </Link>
          )}
          {onDelete && writable && (
            <IconButton
              icon={Trash2}
              label={`Delete ${item.title}`}
              title="Delete"
              tone="danger"
              onClick={() => onDelete(item)}
            />
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
        <RoleBadge role={item.role} />
        <span>{wordCountLabel(item.word_count)}</span>
      </div>
      <div className="relative mt-2 min-h-0 flex-1 overflow-hidden">
        <Markdown className="text-slate-600 [&_h1]:text-base [&_h2]:text-base [&_pre]:max-h-40">
          {previewText(item.content, item.title)}
        </Markdown>
        <div
          className="pointer-events-none absolute inset-x-0 bottom-0 h-8 bg-linear-to-t from-white"
          aria-hidden="true"
        />
      </div>
      <TagChipList
        tags={item.tags_named_list}
        max={3}
        // Tags are per person: only the owner's own tags can filter their list.
        href={item.role === 'owner' ? tagHref : undefined}
        className="mt-3"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-xs text-slate-500">
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
        {(item.updated_on || changedBy) && (
          <span className="min-w-0 truncate rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-700 ring-1 ring-amber-600/20 ring-inset">
            {changedBy ?? 'Edited'}
          </span>
        )}
      </div>
    </article>
  );
}

/** A grid of content cards with "Load more", as /content and a collection's Content tab show it. */
export function ContentCardGrid({
  items,
  total,
  pages,
  onDelete,
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  items: ContentItem[];
  total: number;
  pages: Pages;
  onDelete: (item: ContentItem) => void;
  /** Responsive column classes; one column below `sm` always. */
  columns?: string;
}) {
  return (
    <>
      <div className={clsx('grid grid-cols-1 gap-4', columns)}>
        {items.map((item) => (
          <ContentCard key={item.id} item={item} onDelete={onDelete} />
        ))}
      </div>
      <LoadMore shown={items.length} total={total} pages={pages} />
    </>
  );
}
