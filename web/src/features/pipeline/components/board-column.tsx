import type { ContentItem, ContentStatus } from '@cw/contract';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { STATUS_LABELS } from '../../../components/content-card';
import { BoardCard } from './board-card';

/** A card's height before it is measured (title, chips, dates; 8 px apart). */
const CARD_ESTIMATE = 96;
const CARD_GAP = 8;

/**
 * A column of the board: its status, its count and its cards (only those near the viewport
 * mounted, and the one being dragged); cards and the column itself are drop targets.
 */
export function BoardColumn({
  status,
  items,
  wordsPerMinute,
  activeId,
}: {
  status: ContentStatus;
  items: ContentItem[];
  wordsPerMinute: number;
  activeId: number | null;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const list = useRef<HTMLOListElement | null>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (element) setTop(element.getBoundingClientRect().top + window.scrollY);
  }, []);
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  // Only the cards near the viewport are mounted (a column of hundreds stays cheap to render and
  // to drag over); the card being dragged always stays mounted (dnd-kit measures it).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) {
        indexes.push(activeIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeIndex],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 6,
    gap: CARD_GAP,
    scrollMargin: top,
    rangeExtractor,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  return (
    <section
      aria-label={STATUS_LABELS[status]}
      data-testid="board-column"
      data-status={status}
      className={clsx(
        'flex w-64 shrink-0 flex-col rounded-xl bg-slate-100 p-2 lg:w-auto lg:min-w-0 lg:flex-1',
        isOver && 'ring-2 ring-indigo-400',
      )}
    >
      <h2 className="flex items-center justify-between px-1 pb-2 text-sm font-semibold text-slate-800">
        {STATUS_LABELS[status]}
        <span
          className="rounded-full bg-white px-2 text-xs font-medium text-slate-600 tabular-nums"
          data-testid="board-column-count"
        >
          {items.length}
          <span className="sr-only"> {items.length === 1 ? 'item' : 'items'}</span>
        </span>
      </h2>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          ref={(element) => {
            list.current = element;
            setNodeRef(element);
          }}
          className="relative min-h-24 flex-1"
          style={items.length > 0 ? { minHeight: virtualizer.getTotalSize() } : undefined}
        >
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <li
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-setsize={items.length}
                aria-posinset={row.index + 1}
                className="absolute inset-x-0 top-0"
                style={{
                  transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                }}
              >
                <BoardCard item={item} wordsPerMinute={wordsPerMinute} />
              </li>
            );
          })}
          {items.length === 0 && (
            <li className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-600">
              Nothing here yet
            </li>
          )}
        </ol>
      </SortableContext>
    </section>
  );
}
