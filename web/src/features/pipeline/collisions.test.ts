import type { ClientRect, CollisionDetection, DroppableContainer } from '@dnd-kit/core';
import { rectIntersection } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { rect } from '../../test/rects';
import { pointerFirst } from './collisions';

/** A calendar week row: Thu 26, Fri 27, Sat 28, each 100 px wide. */
const DAYS = new Map<string, ClientRect>([
  ['2026-11-26', rect(0, 0, 100, 100)],
  ['2026-11-27', rect(100, 0, 100, 100)],
  ['2026-11-28', rect(200, 0, 100, 100)],
]);

function args(
  collisionRect: ClientRect,
  pointer: { x: number; y: number } | null,
): Parameters<CollisionDetection>[0] {
  const containers = [...DAYS.keys()].map(
    (id) => ({ id, rect: { current: DAYS.get(id) ?? null } }) as unknown as DroppableContainer,
  );
  return {
    active: { id: 7 } as Parameters<CollisionDetection>[0]['active'],
    collisionRect,
    droppableRects: DAYS,
    droppableContainers: containers,
    pointerCoordinates: pointer,
  };
}

describe('calendar drops follow the pointer', () => {
  it('a wide chip held by its left end, pointer on Fri 27: lands on the 27th, not the 28th', () => {
    // The chip is 160 px wide and the pointer holds it 10 px from its left end: the chip covers
    // 130–290 (mostly Sat 28), the pointer is at 140 (Fri 27).
    const chip = rect(130, 40, 160, 20);
    const pointer = { x: 140, y: 50 };
    // dnd-kit's default picks the day the chip overlaps most: the defect.
    expect(rectIntersection(args(chip, pointer))[0]?.id).toBe('2026-11-28');
    expect(pointerFirst(args(chip, pointer))[0]?.id).toBe('2026-11-27');
  });

  it('without a pointer (the keyboard), the day the chip overlaps most, else the nearest', () => {
    expect(pointerFirst(args(rect(110, 40, 80, 20), null))[0]?.id).toBe('2026-11-27');
    expect(pointerFirst(args(rect(500, 40, 80, 20), null))[0]?.id).toBe('2026-11-28');
  });

  it('a pointer outside every day falls back to the chip', () => {
    expect(pointerFirst(args(rect(210, 40, 50, 20), { x: 240, y: 400 }))[0]?.id).toBe('2026-11-28');
  });
});
