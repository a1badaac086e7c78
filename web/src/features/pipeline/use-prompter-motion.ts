import { useCallback, useEffect, useRef, useState } from 'react';
import { advance, pixelsPerSecond, progressAt, remainingSeconds } from './teleprompter-timing';

/**
 * The teleprompter's scrolling: the text moved by one transform per frame (requestAnimationFrame,
 * elapsed time × speed), the progress bar, the time left, and jumps. Where the text is and what
 * the layout measured stay out of React state, so a frame renders nothing but the time left
 * when its second changes.
 */
export function usePrompterMotion({
  words,
  wordsPerMinute,
  fontSize,
  playing,
  onEnd,
  layout,
}: {
  /** The script's spoken words. */
  words: number;
  wordsPerMinute: number;
  fontSize: number;
  playing: boolean;
  /** The end was reached while playing. */
  onEnd: () => void;
  /** Changes when the text on the stage changes (its height and sections are measured again). */
  layout: unknown;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [remaining, setRemaining] = useState(() => remainingSeconds(words, 0, wordsPerMinute));
  const motion = useRef({ offset: 0, max: 0, speed: 0, sectionTops: [] as number[] });
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });

  /** Moves the text to `offset`: one transform, no layout. */
  const paint = useCallback(
    (offset: number) => {
      const m = motion.current;
      m.offset = offset;
      if (textRef.current) textRef.current.style.transform = `translate3d(0, ${-offset}px, 0)`;
      const progress = progressAt(offset, m.max);
      if (barRef.current) barRef.current.style.transform = `scaleX(${progress})`;
      const left = remainingSeconds(words, progress, wordsPerMinute);
      setRemaining((previous) => (previous === left ? previous : left));
    },
    [words, wordsPerMinute],
  );

  // Measure on every layout change (type size, window size, full screen): the text's height and
  // the sections' tops. The offset keeps its place as a share of the script.
  useEffect(() => {
    const element = textRef.current;
    if (!element) return;
    const measure = () => {
      const m = motion.current;
      const share = m.max > 0 ? m.offset / m.max : 0;
      const style = getComputedStyle(element);
      const top = parseFloat(style.paddingTop) || 0;
      // The script's own height: offset 0 puts its first line on the reading line, `max` its end.
      m.max = Math.max(0, element.offsetHeight - top - (parseFloat(style.paddingBottom) || 0));
      m.speed = pixelsPerSecond(words, m.max, wordsPerMinute);
      m.sectionTops = [...element.querySelectorAll<HTMLElement>('[data-section]')].map(
        (heading) => heading.offsetTop - top,
      );
      paint(share * m.max);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fontSize, layout, words, wordsPerMinute, paint]);

  // The frame loop: requestAnimationFrame, elapsed time × speed, a transform.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const m = motion.current;
      const next = advance(m.offset, m.speed, now - last, m.max);
      last = now;
      paint(next);
      if (next >= m.max) {
        ended.current();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, paint]);

  /** Moves the text by lines (negative: back). */
  const nudge = useCallback(
    (lines: number) => {
      const m = motion.current;
      paint(Math.min(m.max, Math.max(0, m.offset + lines * fontSize * 1.5)));
    },
    [fontSize, paint],
  );

  /** Puts a section's heading on the reading line. */
  const jumpTo = useCallback(
    (section: number) => {
      const top = motion.current.sectionTops[section];
      if (top !== undefined) paint(top);
    },
    [paint],
  );

  return { textRef, barRef, remaining, paint, nudge, jumpTo };
}

/**
 * The teleprompter's keys: Space plays and pauses, ↑/↓ nudge by lines, ←/→ change the pace by
 * 10, 1–9 jump to a section, ? shows the shortcuts and Esc hides them. Not while typing in a
 * field or with Ctrl/⌘ held.
 */
export function usePrompterKeys({
  togglePlay,
  nudge,
  pace,
  jumpTo,
  toggleShortcuts,
}: {
  togglePlay: () => void;
  nudge: (lines: number) => void;
  pace: (delta: number) => void;
  jumpTo: (section: number) => void;
  /** Shows (true), hides (false) or toggles (undefined) the shortcuts panel. */
  toggleShortcuts: (open?: boolean) => void;
}) {
  const handlers = useRef({ togglePlay, nudge, pace, jumpTo, toggleShortcuts });
  useEffect(() => {
    handlers.current = { togglePlay, nudge, pace, jumpTo, toggleShortcuts };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea') || event.metaKey || event.ctrlKey) return;
      const on = handlers.current;
      if (event.key === ' ') {
        event.preventDefault();
        on.togglePlay();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        on.nudge(event.key === 'ArrowDown' ? 2 : -2);
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        on.pace(event.key === 'ArrowRight' ? 10 : -10);
      } else if (/^[1-9]$/.test(event.key)) {
        on.jumpTo(Number(event.key) - 1);
      } else if (event.key === '?') {
        on.toggleShortcuts();
      } else if (event.key === 'Escape') {
        on.toggleShortcuts(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
