import type { ContentItem, ContentStatus } from '@cw/contract';
import { describe, expect, it } from 'vitest';
import { makeContent } from '../../test/library-fixtures';
import { applyMove, dropTarget, planMove, toColumns } from './board-moves';

function card(id: number, status: ContentStatus, position: number, user = 1): ContentItem {
  return makeContent({ id, title: `#${id}`, status, position, user });
}

/** "idea: 1 2 | scripting: 3" — the board's order, for short assertions. */
function layout(items: ContentItem[]): string {
  const columns = toColumns(items);
  return (Object.keys(columns) as ContentStatus[])
    .filter((status) => columns[status].length > 0)
    .map((status) => `${status}: ${columns[status].map((x) => x.id).join(' ')}`)
    .join(' | ');
}

/** Plans and applies a move as the board does (optimistically). */
function move(items: ContentItem[], id: number, status: ContentStatus, index: number) {
  const plan = planMove(toColumns(items), id, status, index);
  return { plan, items: plan ? applyMove(items, plan) : items };
}

const board = [
  card(1, 'idea', 0),
  card(2, 'idea', 1),
  card(3, 'idea', 2),
  card(4, 'scripting', 0),
  card(5, 'scripting', 1),
];

describe('board reordering', () => {
  it('orders each column by position, then id', () => {
    expect(layout([card(9, 'idea', 1), card(8, 'idea', 1), card(7, 'idea', 0)])).toBe(
      'idea: 7 8 9',
    );
  });

  it('moves a card to another column before a card: it takes that card’s position, the rest move down', () => {
    const { plan, items } = move(board, 1, 'scripting', 1);
    expect(plan).toEqual({ id: 1, status: 'scripting', position: 1 });
    expect(layout(items)).toBe('idea: 2 3 | scripting: 4 1 5');
    expect(items.find((x) => x.id === 5)?.position).toBe(2);
  });

  it('moves a card to the end of a column, or into an empty one at 0', () => {
    expect(move(board, 1, 'scripting', 2).plan).toEqual({
      id: 1,
      status: 'scripting',
      position: 2,
    });
    expect(move(board, 1, 'editing', 0).plan).toEqual({ id: 1, status: 'editing', position: 0 });
    expect(layout(move(board, 1, 'editing', 0).items)).toBe(
      'idea: 2 3 | scripting: 4 5 | editing: 1',
    );
  });

  it('moves a card down and up within its column', () => {
    expect(layout(move(board, 1, 'idea', 1).items)).toBe('idea: 2 1 3 | scripting: 4 5');
    expect(layout(move(board, 1, 'idea', 2).items)).toBe('idea: 2 3 1 | scripting: 4 5');
    expect(layout(move(board, 3, 'idea', 0).items)).toBe('idea: 3 1 2 | scripting: 4 5');
  });

  it('plans nothing for a drop where the card already is', () => {
    expect(move(board, 2, 'idea', 1).plan).toBeNull();
    expect(move(board, 99, 'idea', 0).plan).toBeNull();
  });

  it('leaves a free position alone, and other owners’ cards unshifted (as the server does)', () => {
    const sparse = [card(1, 'idea', 0), card(2, 'idea', 5), card(3, 'idea', 7, 2)];
    const after = applyMove(sparse, { id: 1, status: 'idea', position: 6 });
    expect(after.map((x) => x.position)).toEqual([6, 5, 7]);
    const taken = applyMove(sparse, { id: 1, status: 'idea', position: 5 });
    expect(taken.map((x) => x.position)).toEqual([5, 6, 7]);
  });

  it('turns a drop on a card or a column into a place', () => {
    const columns = toColumns(board);
    // Dropped on card 3 of its own column from above: after it (arrayMove), index 2.
    expect(dropTarget(columns, 1, 3)).toEqual({ status: 'idea', index: 2 });
    // Dropped on card 5 of another column: before it.
    expect(dropTarget(columns, 1, 5)).toEqual({ status: 'scripting', index: 1 });
    // Dropped on a column's empty space: its end.
    expect(dropTarget(columns, 1, 'scripting')).toEqual({ status: 'scripting', index: 2 });
    expect(dropTarget(columns, 1, 'idea')).toEqual({ status: 'idea', index: 2 });
    expect(dropTarget(columns, 1, 42)).toBeNull();
  });
});
