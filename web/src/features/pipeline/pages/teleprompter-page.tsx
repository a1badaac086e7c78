import { pathOf } from '@cw/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, FlipHorizontal, Maximize, Minimize, Pause, Play } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { contentQueryOptions } from '../../../lib/api/contents';
import { useLostAccessWatch } from '../../../lib/collection-access';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import { parseScript, type Block } from '../teleprompter-script';
import {
  advance,
  clampWordsPerMinute,
  formatClock,
  pixelsPerSecond,
  progressAt,
  PROMPTER_WPM_MAX,
  PROMPTER_WPM_MIN,
  remainingSeconds,
} from '../teleprompter-timing';

const FONT_MIN = 24;
const FONT_MAX = 96;
const FONT_DEFAULT = 48;

/** /content/:id/teleprompter: the script, scrolling at the speaker's pace (docs/product.md). */
export function TeleprompterPage() {
  const id = Number(useParams().id);
  const content = useQuery(contentQueryOptions(id));
  useLostAccessWatch({
    shared: content.data !== undefined && content.data.role !== 'owner',
    error: content.error,
    path: pathOf('contents.get', { id }),
    recheck: () => void content.refetch(),
  });
  useDocumentTitle(content.data?.title ?? 'Teleprompter', 'Teleprompter');
  if (content.isPending) return <PageSpinner />;
  if (content.isError) {
    return (
      <p className="py-16 text-center text-sm text-slate-600">
        Could not load this script. <Link to="/content">Back to your content</Link>
      </p>
    );
  }
  return (
    <Teleprompter id={content.data.id} title={content.data.title} text={content.data.content} />
  );
}

function Teleprompter({ id, title, text }: { id: number; title: string; text: string }) {
  const script = useMemo(() => parseScript(text), [text]);
  const accountPace = useWordsPerMinute();
  const [wordsPerMinute, setWordsPerMinute] = useState(accountPace);
  const [fontSize, setFontSize] = useState(FONT_DEFAULT);
  const [playing, setPlaying] = useState(false);
  const [mirrored, setMirrored] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [remaining, setRemaining] = useState(() => remainingSeconds(script.words, 0, accountPace));
  const speedId = useId();
  const sizeId = useId();

  const frameRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  /** Where the text is, and what the layout measured: kept out of React state (no render per frame). */
  const motion = useRef({ offset: 0, max: 0, speed: 0, sectionTops: [] as number[] });

  /** Moves the text to `offset`: one transform, no layout. */
  const paint = useCallback(
    (offset: number) => {
      const m = motion.current;
      m.offset = offset;
      if (textRef.current) textRef.current.style.transform = `translate3d(0, ${-offset}px, 0)`;
      const progress = progressAt(offset, m.max);
      if (barRef.current) barRef.current.style.transform = `scaleX(${progress})`;
      const left = remainingSeconds(script.words, progress, wordsPerMinute);
      setRemaining((previous) => (previous === left ? previous : left));
    },
    [script.words, wordsPerMinute],
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
      m.speed = pixelsPerSecond(script.words, m.max, wordsPerMinute);
      m.sectionTops = [...element.querySelectorAll<HTMLElement>('[data-section]')].map(
        (heading) => heading.offsetTop - top,
      );
      paint(share * m.max);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fontSize, script, wordsPerMinute, paint]);

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
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, paint]);

  useWakeLock(playing);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  const nudge = useCallback(
    (lines: number) => {
      const m = motion.current;
      paint(Math.min(m.max, Math.max(0, m.offset + lines * fontSize * 1.5)));
    },
    [fontSize, paint],
  );

  const jumpTo = useCallback(
    (section: number) => {
      const top = motion.current.sectionTops[section];
      if (top !== undefined) paint(top);
    },
    [paint],
  );

  // Keys: Space plays and pauses, ↑/↓ nudge by lines, ←/→ change the pace, 1–9 jump to a section.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea') || event.metaKey || event.ctrlKey) return;
      if (event.key === ' ') {
        event.preventDefault();
        setPlaying((value) => !value);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        nudge(event.key === 'ArrowDown' ? 2 : -2);
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        setWordsPerMinute((value) =>
          clampWordsPerMinute(value + (event.key === 'ArrowRight' ? 10 : -10)),
        );
      } else if (/^[1-9]$/.test(event.key)) {
        jumpTo(Number(event.key) - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nudge, jumpTo]);

  useEffect(() => {
    stageRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={frameRef}
      className={clsx(
        'flex flex-col overflow-hidden bg-slate-950 text-white',
        fullscreen
          ? 'h-screen'
          : 'h-[calc(100dvh-7rem)] min-h-96 rounded-xl lg:h-[calc(100dvh-8rem)]',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-white/10 px-4 py-2 text-sm">
        <Link
          to={`/content/${id}`}
          className="inline-flex items-center gap-1 rounded text-slate-300 hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          <span className="max-w-48 truncate">{title}</span>
        </Link>
        <Button
          size="sm"
          variant="outline-light"
          onClick={() => setPlaying((value) => !value)}
          aria-keyshortcuts="Space"
        >
          {playing ? (
            <Pause className="size-4" aria-hidden="true" />
          ) : (
            <Play className="size-4" aria-hidden="true" />
          )}
          {playing ? 'Pause' : 'Start'}
        </Button>
        <label htmlFor={speedId} className="flex items-center gap-2 text-slate-300">
          Speed
          <input
            id={speedId}
            type="number"
            min={PROMPTER_WPM_MIN}
            max={PROMPTER_WPM_MAX}
            step={10}
            value={wordsPerMinute}
            onChange={(event) => setWordsPerMinute(clampWordsPerMinute(event.target.valueAsNumber))}
            className="w-20 rounded bg-white/10 px-2 py-1 text-white tabular-nums ring-1 ring-white/30"
          />
          <span>words/min</span>
        </label>
        <label htmlFor={sizeId} className="flex items-center gap-2 text-slate-300">
          Text size
          <input
            id={sizeId}
            type="range"
            min={FONT_MIN}
            max={FONT_MAX}
            step={4}
            value={fontSize}
            onChange={(event) => setFontSize(event.target.valueAsNumber)}
            className="w-28 accent-indigo-400"
          />
        </label>
        <Button
          size="sm"
          variant="outline-light"
          aria-pressed={mirrored}
          onClick={() => setMirrored((value) => !value)}
        >
          <FlipHorizontal className="size-4" aria-hidden="true" />
          Mirror
        </Button>
        <Button size="sm" variant="outline-light" onClick={toggleFullscreen}>
          {fullscreen ? (
            <Minimize className="size-4" aria-hidden="true" />
          ) : (
            <Maximize className="size-4" aria-hidden="true" />
          )}
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </Button>
        <span className="ml-auto text-slate-300 tabular-nums" data-testid="teleprompter-remaining">
          {formatClock(remaining)} left
        </span>
      </div>
      {script.sections.length > 0 && (
        <nav aria-label="Sections" className="border-b border-white/10 px-4 py-1.5">
          <ol className="flex gap-2 overflow-x-auto text-xs">
            {script.sections.map((section, index) => (
              <li key={index} className="shrink-0">
                <button
                  type="button"
                  onClick={() => jumpTo(index)}
                  aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
                  className="rounded px-2 py-1 text-slate-300 hover:bg-white/10 hover:text-white"
                >
                  {index < 9 && <span className="mr-1 text-slate-400">{index + 1}</span>}
                  {section}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="h-1 w-full bg-white/10" aria-hidden="true">
        <div ref={barRef} className="h-full w-full origin-left scale-x-0 bg-indigo-400" />
      </div>
      <div
        ref={stageRef}
        tabIndex={0}
        role="region"
        aria-label="Script"
        data-testid="teleprompter-stage"
        data-state={playing ? 'playing' : 'paused'}
        className="relative min-h-0 flex-1 overflow-hidden outline-none"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-[30vh] z-10 border-t-2 border-indigo-400/60"
        />
        <div
          data-testid="teleprompter-mirror"
          data-mirrored={mirrored}
          className="h-full"
          style={{ transform: mirrored ? 'scaleX(-1)' : undefined }}
        >
          <div
            ref={textRef}
            data-testid="teleprompter-text"
            className="relative mx-auto max-w-4xl px-6 pt-[30vh] pb-[70vh] will-change-transform"
            style={{ fontSize, lineHeight: 1.5 }}
          >
            <ScriptBlocks blocks={script.blocks} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The script's text, rendered once per script (the frame loop never re-renders it). */
const ScriptBlocks = memo(function ScriptBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) =>
    block.kind === 'heading' ? (
      <h2
        key={index}
        data-section={block.section}
        className="mt-[1em] mb-[0.25em] text-[0.7em] font-bold tracking-wide text-indigo-300 uppercase first:mt-0"
      >
        {block.text}
      </h2>
    ) : (
      <p key={index} className="mb-[0.75em] font-medium">
        {block.segments.map((segment, i) =>
          segment.cue ? (
            <span key={i} className="text-[0.6em] text-slate-400 italic" data-cue="">
              {segment.text}
            </span>
          ) : (
            <span key={i}>{segment.text}</span>
          ),
        )}
      </p>
    ),
  );
});

/** Keeps the screen on while the script plays, where the browser has the Wake Lock API. */
function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        })
        .catch(() => undefined);
    };
    acquire();
    // The browser lets go of the lock when the page is hidden; take it again on return.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [active]);
}
