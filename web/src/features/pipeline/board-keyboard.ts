import type { ContentStatus } from '@cw/contract';
import {
  closestCorners,
  pointerWithin,
  type Collision,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { BOARD_COLUMNS } from './board-moves';

/** A droppable of the board: a card (its item's id) or a column (its status). */
export type StatusOf = (id: UniqueIdentifier) => ContentStatus | undefined;

const isColumn = (id: UniqueIdentifier): id is ContentStatus =>
  typeof id === 'string' && (BOARD_COLUMNS as readonly string[]).includes(id);

/** Space above the first card when a card arrives in a column by keyboard (px). */
const ARRIVAL_INSET = 4;

/**
 * The board's keyboard moves (decision 220): ← and → aim at the next column's droppable, the
 * column itself, so a move is exactly one column whatever the length of the column it leaves
 * (dnd-kit's `sortableKeyboardCoordinates` follows geometry: on a long, windowed column it found
 * nothing to the right, or the last column). The card arrives at the top of that column. ↑ and ↓
 * stay dnd-kit's: the neighbouring card in the column.
 */
export function columnKeyboardCoordinates(statusOf: StatusOf): KeyboardCoordinateGetter {
  return (event, args) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, over, collisionRect, droppableRects } = args.context;
    if (!active || !collisionRect) return undefined;
    const here = (over ? statusOf(over.id) : undefined) ?? statusOf(active.id);
    if (!here) return undefined;
    const next = BOARD_COLUMNS[BOARD_COLUMNS.indexOf(here) + step];
    // At the first or last column: stay where the card is.
    if (!next) return args.currentCoordinates;
    const target = droppableRects.get(next);
    if (!target) return undefined;
    return {
      x: target.left + (target.width - collisionRect.width) / 2,
      y: target.top + ARRIVAL_INSET,
    };
  };
}

/** Cards before columns: a drop on a card lands beside it. */
function cardsFirst(collisions: Collision[]): Collision[] {
  const cards = collisions.filter((collision) => typeof collision.id === 'number');
  return cards.length > 0 ? cards : collisions;
}

/**
 * Where a card is over: under the pointer when there is one; else (the keyboard) under the
 * centre of the moved card, which the coordinate getter put inside its target (decision 220).
 * Columns stretch to the tallest one, so nearest corners (dnd-kit's keyboard default) chose the
 * card's own place over a short column next to a long one. The nearest corners stay the last
 * resort.
 */
export const boardCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length > 0) return cardsFirst(under);
  }
  const { collisionRect } = args;
  const centre = {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  // The card's own place counts: picked up and not yet moved, it is over itself.
  const atCentre = pointerWithin({ ...args, pointerCoordinates: centre });
  if (atCentre.length > 0) return cardsFirst(atCentre);
  return closestCorners(args);
};

/** The status of a droppable: a column's own, or the column of the card `id`. */
export function statusOfIn(itemStatus: (id: number) => ContentStatus | undefined): StatusOf {
  return (id) => (isColumn(id) ? id : typeof id === 'number' ? itemStatus(id) : undefined);
}
