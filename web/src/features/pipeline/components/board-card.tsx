import type { ContentItem } from '@cw/contract';
import { scriptSpeakingSeconds } from '@cw/contract/script';
import { formatSpeakingTime } from '@cw/contract/words';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { clsx } from 'clsx';
import { CalendarDays, GripVertical } from 'lucide-react';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { wordCountLabel } from '../../../components/content-card';
import { RoleBadge } from '../../../components/role-badge';
import { formatDate } from '../../../lib/format';
import { can } from '../../../lib/roles';

/**
 * What a card shows: title, collection chips, tags, publish date, words and speaking time.
 * Memoised on the item and the pace: while a card is dragged, the others' sortable wrappers
 * re-render, not their bodies (a board of 500 stays cheap).
 */
export const BoardCardBody = memo(function BoardCardBody({
  item,
  wordsPerMinute,
}: {
  item: ContentItem;
  wordsPerMinute: number;
}) {
  // The speaking time of the words read aloud, as the editor and the teleprompter time them
  // (decision 215); counted once per item and pace.
  const seconds = useMemo(
    () => scriptSpeakingSeconds(item.content, wordsPerMinute),
    [item.content, wordsPerMinute],
  );
  return (
    <div className="min-w-0 flex-1">
      <Link
        to={`/content/${item.id}`}
        className="line-clamp-2 text-sm font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline"
        title={item.title}
      >
        {item.title}
      </Link>
      <RoleBadge role={item.role} className="mt-1" />
      {(item.collections_named_list.length > 0 || item.tags_named_list.length > 0) && (
        <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Collections and tags">
          {item.collections_named_list.map((collection) => (
            <li
              key={`c${collection.id}`}
              className="max-w-full truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
            >
              {collection.name}
            </li>
          ))}
          {item.tags_named_list.map((tag) => (
            <li
              key={`t${tag.id}`}
              className="max-w-full truncate rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700"
            >
              {tag.name}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        {item.publish_on && (
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3" aria-hidden="true" />
            <span className="sr-only">Publish on</span>
            {formatDate(`${item.publish_on}T00:00:00`)}
          </span>
        )}
        <span>{wordCountLabel(item.word_count)}</span>
        <span>{formatSpeakingTime(seconds)} speaking time</span>
      </p>
    </div>
  );
});

/**
 * A card on the board (inside the column's list item); people who may not change the item
 * (viewers) get no drag handle.
 */
export const BoardCard = memo(function BoardCard({
  item,
  wordsPerMinute,
}: {
  item: ContentItem;
  wordsPerMinute: number;
}) {
  const movable = can.write(item.role);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, disabled: !movable });
  return (
    <div
      ref={setNodeRef}
      data-testid="board-card"
      data-id={item.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={clsx(
        'rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200',
        isDragging && 'opacity-40',
      )}
    >
      <div className="flex gap-2">
        {movable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move ${item.title}`}
            className="relative -ml-1 flex h-6 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500 before:absolute before:-inset-x-3 before:-inset-y-2.5 before:content-[''] hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 active:cursor-grabbing"
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
        )}
        <BoardCardBody item={item} wordsPerMinute={wordsPerMinute} />
      </div>
    </div>
  );
});
