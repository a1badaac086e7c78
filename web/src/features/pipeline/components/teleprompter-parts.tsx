import { clsx } from 'clsx';
import { ArrowLeft, FlipHorizontal, Maximize, Minimize, Pause, Play } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import type { Block, Section, Segment } from '@cw/contract/script';
import {
  clampWordsPerMinute,
  formatClock,
  PROMPTER_WPM_MAX,
  PROMPTER_WPM_MIN,
} from '../teleprompter-timing';

export const FONT_MIN = 24;
export const FONT_MAX = 96;
export const FONT_DEFAULT = 48;

/**
 * The teleprompter's top bar: back to the item, Start/Pause, pace, text size, mirror, full screen,
 * time left.
 */
export function TeleprompterControls({
  id,
  title,
  playing,
  onTogglePlay,
  wordsPerMinute,
  onPace,
  fontSize,
  onFontSize,
  mirrored,
  onMirror,
  fullscreen,
  onFullscreen,
  remaining,
  extra,
}: {
  id: number;
  title: string;
  playing: boolean;
  onTogglePlay: () => void;
  wordsPerMinute: number;
  onPace: (wordsPerMinute: number) => void;
  fontSize: number;
  onFontSize: (size: number) => void;
  mirrored: boolean;
  onMirror: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  /** Seconds left at the pace. */
  remaining: number;
  /** More buttons after the built-in ones (chapters, shortcuts). */
  extra?: ReactNode;
}) {
  const speedId = useId();
  const sizeId = useId();
  return (
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
        onClick={onTogglePlay}
        aria-keyshortcuts="Space"
        icon={playing ? Pause : Play}
      >
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
          onChange={(event) => onPace(clampWordsPerMinute(event.target.valueAsNumber))}
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
          onChange={(event) => onFontSize(event.target.valueAsNumber)}
          className="w-28 accent-indigo-400"
        />
      </label>
      <Button
        size="sm"
        variant="outline-light"
        aria-pressed={mirrored}
        onClick={onMirror}
        icon={FlipHorizontal}
      >
        Mirror
      </Button>
      <Button
        size="sm"
        variant="outline-light"
        onClick={onFullscreen}
        icon={fullscreen ? Minimize : Maximize}
      >
        {fullscreen ? 'Exit full screen' : 'Full screen'}
      </Button>
      {extra}
      <span className="ml-auto text-slate-300 tabular-nums" data-testid="teleprompter-remaining">
        {formatClock(remaining)} left
      </span>
    </div>
  );
}

/** The script's sections, each a button that jumps there (1–9 on the keyboard too). */
export function SectionNav({
  sections,
  onJump,
}: {
  sections: readonly Section[];
  onJump: (section: number) => void;
}) {
  if (sections.length === 0) return null;
  return (
    <nav aria-label="Sections" className="border-b border-white/10 px-4 py-1.5">
      <ol className="flex gap-2 overflow-x-auto text-xs">
        {sections.map((section, index) => (
          <li key={index} className="shrink-0">
            <button
              type="button"
              onClick={() => onJump(index)}
              aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
              className="rounded px-2 py-1 text-slate-300 hover:bg-white/10 hover:text-white"
            >
              {index < 9 && <span className="mr-1 text-slate-400">{index + 1}</span>}
              {section.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A run of words to read and dimmed `[cues]`. */
function Segments({ segments }: { segments: Segment[] }) {
  return segments.map((segment, i) =>
    segment.cue ? (
      <span key={i} className="text-[0.6em] text-slate-400 italic" data-cue="">
        {segment.text}
      </span>
    ) : (
      <span key={i}>{segment.text}</span>
    ),
  );
}

/**
 * The script's text, rendered once per script (the frame loop never re-renders it). Lists stay
 * lists: one item a line, with its bullet or number in the script's large type.
 */
export const ScriptBlocks = memo(function ScriptBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading':
        return (
          <h2
            key={index}
            data-section={block.section}
            className="mt-[1em] mb-[0.25em] text-[0.7em] font-bold tracking-wide text-indigo-300 uppercase first:mt-0"
          >
            {block.text}
          </h2>
        );
      case 'list': {
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List
            key={index}
            start={block.ordered && block.start !== 1 ? block.start : undefined}
            className={clsx(
              'mb-[0.75em] pl-[1.25em] font-medium',
              block.ordered ? 'list-decimal' : 'list-disc',
            )}
          >
            {block.items.map((item, i) => (
              <li key={i} className="mb-[0.25em] pl-[0.25em]">
                <Segments segments={item.segments} />
              </li>
            ))}
          </List>
        );
      }
      case 'paragraph':
        return (
          <p key={index} className="mb-[0.75em] font-medium">
            <Segments segments={block.segments} />
          </p>
        );
    }
  });
});
