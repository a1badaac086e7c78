import { useDeferredValue, useEffect, useState } from 'react';

/** Above this length, work over the whole text (a markdown render, a word count) costs milliseconds. */
export const LONG_TEXT = 4000;
export const LONG_TEXT_PAUSE_MS = 250;

/**
 * A copy of text being typed for work that need not keep up with every keystroke: short text
 * is a deferred copy (React keeps the input first and may skip stale renders); long text (a
 * script of thousands of words) follows only once typing pauses for a moment, because that
 * work is one uninterruptible task that would otherwise land in every keystroke's frame
 * (issue 11's target: keystroke → next frame p95 < 16 ms).
 */
export function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text);
  const long = text.length > LONG_TEXT;
  useEffect(() => {
    if (!long) return;
    const timer = setTimeout(() => setSettled(text), LONG_TEXT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, long]);
  return useDeferredValue(long ? settled : text);
}
