import type { ContentStatus } from '@cw/contract';
import type {
  ClientRect,
  CollisionDetection,
  DroppableContainer,
  KeyboardCoordinateGetter,
  UniqueIdentifier,
} from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { boardCollisions, columnKeyboardCoordinates, statusOfIn } from './board-keyboard';
import { rect } from '../../test/rects';
import { BOARD_COLUMNS } from './board-moves';

const COLUMN_WIDTH = 256;
const CARD_HEIGHT = 96;
const CARD_STEP = 104;
const TOP = 120;

/**
 * A board laid out as the page lays it: five columns 268 px apart, each a droppable (its list)
 * as tall as the tallest column, and each card a droppable. `counts`: the cards per column.
 */
function board(counts: Record<ContentStatus, number>) {
  const rects = new Map<UniqueIdentifier, ClientRect>();
  const statuses = new Map<number, ContentStatus>();
  // Every column's list stretches to the tallest column (the board is a flex row).
  const height = Math.max(96, ...BOARD_COLUMNS.map((status) => counts[status] * CARD_STEP));
  let id = 1;
  BOARD_COLUMNS.forEach((status, column) => {
    const left = column * (COLUMN_WIDTH + 12);
    rects.set(status, rect(left, TOP, COLUMN_WIDTH, height));
    for (let i = 0; i < counts[status]; i++) {
      rects.set(id, rect(left, TOP + i * CARD_STEP, COLUMN_WIDTH, CARD_HEIGHT));
      statuses.set(id, status);
      id += 1;
    }
  });
  return { rects, statusOf: statusOfIn((card) => statuses.get(card)) };
}

/** Presses `keys` on card 1 (the first of Idea) as dnd-kit does: getter, then collision. */
function press(counts: Record<ContentStatus, number>, keys: string[]): (ContentStatus | null)[] {
  const { rects, statusOf } = board(counts);
  const getter: KeyboardCoordinateGetter = columnKeyboardCoordinates(statusOf);
  const containers = [...rects.keys()].map(
    (id) => ({ id, disabled: false, rect: { current: rects.get(id) } }) as DroppableContainer,
  );
  const start = rects.get(1)!;
  let collisionRect = start;
  let over: { id: UniqueIdentifier } | null = { id: 1 };
  const seen: (ContentStatus | null)[] = [];
  for (const code of keys) {
    const event = new KeyboardEvent('keydown', { code });
    const context = {
      active: { id: 1 },
      over,
      collisionRect,
      droppableRects: rects,
      droppableContainers: { getEnabled: () => containers },
    } as unknown as Parameters<KeyboardCoordinateGetter>[1]['context'];
    const next = getter(event, {
      active: 1,
      context,
      currentCoordinates: { x: collisionRect.left, y: collisionRect.top },
    });
    if (next) collisionRect = rect(next.x, next.y, start.width, start.height);
    const collisions = boardCollisions({
      active: { id: 1 },
      collisionRect,
      droppableRects: rects,
      droppableContainers: containers,
      pointerCoordinates: null,
    } as unknown as Parameters<CollisionDetection>[0]);
    // The card itself is skipped, as dnd-kit's announcement does for "over itself".
    const hit = collisions.find((c) => c.id !== 1) ?? collisions[0];
    over = hit ? { id: hit.id } : null;
    seen.push(over ? (statusOf(over.id) ?? null) : null);
  }
  return seen;
}

const RIGHT = 'ArrowRight';
const LEFT = 'ArrowLeft';

describe('board keyboard moves go one column at a time', () => {
  it('from a column of 20 cards, → steps Scripting, Recording, Editing, Published, and stays', () => {
    const counts = { idea: 20, scripting: 3, recording: 2, editing: 0, published: 1 };
    expect(press(counts, [RIGHT, RIGHT, RIGHT, RIGHT, RIGHT])).toEqual([
      'scripting',
      'recording',
      'editing',
      'published',
      'published',
    ]);
    expect(press(counts, [RIGHT, RIGHT, LEFT, LEFT, LEFT])).toEqual([
      'scripting',
      'recording',
      'scripting',
      'idea',
      'idea',
    ]);
  });

  it('does the same with 3 cards in the column', () => {
    const counts = { idea: 3, scripting: 0, recording: 0, editing: 18, published: 0 };
    expect(press(counts, [RIGHT, RIGHT, RIGHT, RIGHT])).toEqual([
      'scripting',
      'recording',
      'editing',
      'published',
    ]);
  });
});
