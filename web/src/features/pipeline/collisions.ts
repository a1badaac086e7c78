import {
  closestCenter,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
} from '@dnd-kit/core';

/**
 * Where a calendar drop lands (decision 220): the droppable under the pointer, never the one
 * under the dragged chip's centre (a wide chip held by its left end would land a day late).
 * Without a pointer (the keyboard), the droppable the chip overlaps most, else the nearest.
 */
export const pointerFirst: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length > 0) return under;
  }
  const overlapping = rectIntersection(args);
  return overlapping.length > 0 ? overlapping : closestCenter(args);
};
