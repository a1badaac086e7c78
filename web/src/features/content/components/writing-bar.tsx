import { countWords, formatSpeakingTime, speakingSeconds } from '@cw/contract/words';
import { clsx } from 'clsx';
import {
  ListTree,
  Maximize2,
  MessageSquare,
  Minimize2,
  PanelRightClose,
  PanelRightOpen,
} from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import { FOCUS_SHORTCUT, type EditorMode } from './use-writing-room';

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: 'write', label: 'Write' },
  { mode: 'split', label: 'Split' },
  { mode: 'preview', label: 'Preview' },
];

const BAR_BUTTON =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 aria-pressed:ring-indigo-200 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-800 aria-expanded:ring-indigo-200';

/**
 * The bar at the top of the writing area (decision 215): Write · Split · Preview, the counts,
 * the speaking time and where the text stands, then Outline, Details and Focus. In focus mode
 * only the counts, the status and Leave focus mode.
 */
/**
 * The view buttons' words show on the widest screens only: below, the icons (named for screen
 * readers and in a tooltip) keep the bar on one line, so typing (the counts and Saving/Saved
 * changing width) never wraps it and moves the text under the caret.
 */
const LABEL = 'max-2xl:sr-only';

export function WritingBar({
  mode,
  onMode,
  text,
  spokenWords,
  wordsPerMinute,
  status,
  focusMode,
  onFocusMode,
  outlineOpen,
  onOutline,
  details,
  comments,
}: {
  mode: EditorMode;
  onMode: (mode: EditorMode) => void;
  text: string;
  spokenWords: number;
  wordsPerMinute: number;
  status?: ReactNode;
  focusMode: boolean;
  onFocusMode: () => void;
  outlineOpen: boolean;
  onOutline: () => void;
  details?: { open: boolean; toggle: () => void };
  /** The comments panel: whether it is open, its toggle, and how many threads are open. */
  comments?: { open: boolean; toggle: () => void; count: number };
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="writing-bar">
      {!focusMode && <ModeControl mode={mode} onMode={onMode} />}
      <WritingStats
        text={text}
        spokenWords={spokenWords}
        wordsPerMinute={wordsPerMinute}
        status={status}
      />
      <div className="ml-auto flex items-center gap-1.5">
        {!focusMode && (
          <button
            type="button"
            className={BAR_BUTTON}
            aria-expanded={outlineOpen}
            aria-controls={outlineOpen ? 'writing-outline' : undefined}
            onClick={onOutline}
            title="Outline"
          >
            <ListTree className="size-3.5" aria-hidden="true" />
            <span className={LABEL}>Outline</span>
          </button>
        )}
        {comments && (
          <button
            type="button"
            className={BAR_BUTTON}
            aria-expanded={comments.open}
            aria-controls={comments.open ? 'comments-panel' : undefined}
            onClick={comments.toggle}
            title="Comments"
          >
            <MessageSquare className="size-3.5" aria-hidden="true" />
            <span className={LABEL}>Comments</span>
            {comments.count > 0 ? ` (${comments.count})` : ''}
          </button>
        )}
        {!focusMode && details && (
          <button
            type="button"
            className={clsx(BAR_BUTTON, 'max-xl:hidden')}
            aria-expanded={details.open}
            aria-controls="content-details"
            onClick={details.toggle}
            title={
              details.open ? 'Move the details below the text' : 'Show the details beside the text'
            }
          >
            {details.open ? (
              <PanelRightClose className="size-3.5" aria-hidden="true" />
            ) : (
              <PanelRightOpen className="size-3.5" aria-hidden="true" />
            )}
            <span className={LABEL}>Details</span>
          </button>
        )}
        <button
          type="button"
          className={BAR_BUTTON}
          aria-pressed={focusMode}
          aria-keyshortcuts={FOCUS_SHORTCUT}
          title="Focus mode (Ctrl+Shift+F; Esc leaves)"
          onClick={onFocusMode}
        >
          {focusMode ? (
            <Minimize2 className="size-3.5" aria-hidden="true" />
          ) : (
            <Maximize2 className="size-3.5" aria-hidden="true" />
          )}
          {focusMode ? 'Leave focus mode' : <span className={LABEL}>Focus</span>}
        </button>
      </div>
    </div>
  );
}

function ModeControl({ mode, onMode }: { mode: EditorMode; onMode: (mode: EditorMode) => void }) {
  return (
    <div
      role="group"
      aria-label="Editor view"
      className="inline-flex rounded-lg bg-slate-100 p-0.5 ring-1 ring-slate-200"
    >
      {MODES.map(({ mode: option, label }) => (
        <button
          key={option}
          type="button"
          aria-pressed={mode === option}
          onClick={() => onMode(option)}
          className={clsx(
            'rounded-md px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            mode === option
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * Words, characters and speaking time of the text as last read (useDocumentText), and where it
 * stands. Words are what a reader sees (the item's `word_count`); the speaking time is of the
 * words read aloud, headings and `[cues]` left out, as the teleprompter and the board time
 * them (decision 215).
 */
function WritingStats({
  text,
  spokenWords,
  wordsPerMinute,
  status,
}: {
  text: string;
  spokenWords: number;
  wordsPerMinute: number;
  status?: ReactNode;
}) {
  const words = useMemo(() => countWords(text), [text]);
  return (
    <p
      // On a phone the counts take a row of their own, two lines high whether the status fits
      // beside them or not: the text arriving, or Saved becoming Saving, never moves the editor
      // below (decision 253).
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 max-sm:min-h-9 max-sm:basis-full"
      data-testid="writing-status"
    >
      <span>{formatCount(words)} words</span>
      <span>{formatCount(text.length)} characters</span>
      <span title={`At ${wordsPerMinute} words per minute`} data-testid="speaking-time">
        {formatSpeakingTime(speakingSeconds(spokenWords, wordsPerMinute))} speaking time
      </span>
      {status}
    </p>
  );
}
