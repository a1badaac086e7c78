import type { ContentItem, ContentStatus } from '@cw/contract';

/** The board's columns, left to right (docs/product.md, Board). */
export const BOARD_COLUMNS: readonly ContentStatus[] = [
  'idea',
  'scripting',
  'recording',
  'editing',
  'published',
];

export type Columns = Record<ContentStatus, ContentItem[]>;

/** Board order inside a column: by position, then by id (the API's `ordering=position`). */
export function byPosition(a: ContentItem, b: ContentItem): number {
  return a.position - b.position || a.id - b.id;
}

/** The items split into the five columns, each in board order. */
export function toColumns(items: readonly ContentItem[]): Columns {
  const columns: Columns = { idea: [], scripting: [], recording: [], editing: [], published: [] };
  for (const item of items) columns[item.status].push(item);
  for (const status of BOARD_COLUMNS) columns[status].sort(byPosition);
  return columns;
}

/** What one board move sends: `PATCH {status, position}` (docs/api.md, position; decision 160). */
export interface MovePlan {
  id: number;
  status: ContentStatus;
  position: number;
}

/**
 * The request for putting item `id` at `index` of column `status`, where `index` counts the
 * column's cards without the moved one (0 = first; the column's length = last). The card lands
 * before the card now at `index` and takes its position (the server makes room); at the end it
 * takes one past the last card. Null when nothing would change.
 */
export function planMove(
  columns: Columns,
  id: number,
  status: ContentStatus,
  index: number,
): MovePlan | null {
  const moved = Object.values(columns)
    .flat()
    .find((item) => item.id === id);
  if (!moved) return null;
  const others = columns[status].filter((item) => item.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  if (moved.status === status && columns[status].indexOf(moved) === at) return null;
  const before = others[at];
  const last = others[others.length - 1];
  const position = before ? before.position : last ? last.position + 1 : 0;
  return { id, status, position };
}

/**
 * The list after a move, as the server will have it: the item takes its status and position,
 * and when another item of the same owner's column held that position, it and every later one
 * move down by one. Used for the optimistic update; the server's answer replaces it.
 */
export function applyMove(items: readonly ContentItem[], plan: MovePlan): ContentItem[] {
  const moved = items.find((item) => item.id === plan.id);
  if (!moved) return [...items];
  const sameColumn = (item: ContentItem) =>
    item.id !== plan.id && item.user === moved.user && item.status === plan.status;
  const taken = items.some((item) => sameColumn(item) && item.position === plan.position);
  return items.map((item) => {
    if (item.id === plan.id) return { ...item, status: plan.status, position: plan.position };
    if (taken && sameColumn(item) && item.position >= plan.position) {
      return { ...item, position: item.position + 1 };
    }
    return item;
  });
}

/**
 * Where a drop lands: `overId` is a card's id or a column's status (an empty spot of it). On a
 * card of the same column the card takes the place of the one it was dropped on (moving down, it
 * goes after it); on a card of another column it goes before it; on a column, at its end.
 */
export function dropTarget(
  columns: Columns,
  activeId: number,
  overId: number | ContentStatus,
): { status: ContentStatus; index: number } | null {
  if (typeof overId === 'string') {
    const others = columns[overId].filter((item) => item.id !== activeId);
    return { status: overId, index: others.length };
  }
  for (const status of BOARD_COLUMNS) {
    const column = columns[status];
    // Counted with the moved card still in: moving down in its own column, the over card is one
    // place earlier without it, so the card lands after it; everywhere else, before it.
    const overIndex = column.findIndex((item) => item.id === overId);
    if (overIndex >= 0) return { status, index: overIndex };
  }
  return null;
}
