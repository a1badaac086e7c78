import type { ClientRect } from '@dnd-kit/core';

/** A dnd-kit rectangle by its left, top, width and height (jsdom lays nothing out). */
export const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});
