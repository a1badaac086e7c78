import { speakingSeconds } from '@cw/contract/words';

/**
 * The teleprompter's pace (docs/product.md, Teleprompter). The script's spoken words are taken
 * as spread evenly over its measured height, so at `wordsPerMinute` the text moves
 * `height / words` pixels per word, `wordsPerMinute / 60` words a second. Measured once per
 * layout (size, type size), never per frame.
 */

/** The pace the prompter allows (the account's own is 60–250). */
export const PROMPTER_WPM_MIN = 40;
export const PROMPTER_WPM_MAX = 400;

/** Pixels per second for `words` spoken over `heightPx` at `wordsPerMinute`; 0 when empty. */
export function pixelsPerSecond(words: number, heightPx: number, wordsPerMinute: number): number {
  if (words <= 0 || heightPx <= 0 || wordsPerMinute <= 0) return 0;
  return (heightPx / words) * (wordsPerMinute / 60);
}

/** The offset after `elapsedMs` at `speed` px/s, kept within 0…`maxOffset`. */
export function advance(offset: number, speed: number, elapsedMs: number, maxOffset: number) {
  return clamp(offset + (speed * elapsedMs) / 1000, 0, maxOffset);
}

/** How far through the script an offset is, 0…1. */
export function progressAt(offset: number, maxOffset: number): number {
  return maxOffset <= 0 ? 1 : clamp(offset / maxOffset, 0, 1);
}

/**
 * Whole seconds left to read from `progress` on: the speaking time of the words left, by the
 * one speaking-time function (decision 215), so at 0 it is the editor's and the board's time.
 */
export function remainingSeconds(words: number, progress: number, wordsPerMinute: number): number {
  if (words <= 0 || wordsPerMinute <= 0) return 0;
  return speakingSeconds(words * (1 - clamp(progress, 0, 1)), wordsPerMinute);
}

/** "4:05", "1:02:03": the remaining time on the prompter. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A speed typed or nudged by the user, within the prompter's range. */
export function clampWordsPerMinute(value: number): number {
  return Number.isFinite(value)
    ? clamp(Math.round(value), PROMPTER_WPM_MIN, PROMPTER_WPM_MAX)
    : PROMPTER_WPM_MIN;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
