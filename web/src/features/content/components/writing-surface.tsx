import { parseScript } from '@cw/contract/script';
import { countWords, formatSpeakingTime, speakingSeconds } from '@cw/contract/words';
import { EditorView } from '@codemirror/view';
import { clsx } from 'clsx';
import { ListTree, Maximize2, Minimize2, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MarkdownPreview } from '../../../components/markdown-preview';
import { findTaskMark } from '../../../lib/task-lists';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import type * as Y from 'yjs';
import type { CollabSession } from '../collab/collab-session';
import { CodeEditor } from './code-editor';
import { WritingOutline } from './writing-outline';

export type EditorMode = 'write' | 'split' | 'preview';

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: 'write', label: 'Write' },
  { mode: 'split', label: 'Split' },
  { mode: 'preview', label: 'Preview' },
];

const MODE_KEY = 'cw.editor-mode';
const OUTLINE_KEY = 'cw.writing-outline';
/** How long after the caret stops the Split preview scrolls to it. */
const FOLLOW_DELAY_MS = 250;
/** The preview and the counts read the text at most this often while someone types. */
export const TEXT_READ_INTERVAL_MS = 300;

function readMode(): EditorMode {
  try {
    const stored = window.localStorage.getItem(MODE_KEY);
    return stored === 'write' || stored === 'preview' ? stored : 'split';
  } catch {
    return 'split';
  }
}

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'open';
  } catch {
    return false;
  }
}

function storeFlag(key: string, open: boolean) {
  try {
    window.localStorage.setItem(key, open ? 'open' : 'closed');
  } catch {
    // A preference only.
  }
}

/** Ctrl+Shift+F (⌘⇧F on a Mac) toggles focus mode. */
export const FOCUS_SHORTCUT = 'Control+Shift+F Meta+Shift+F';
const isFocusKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyF';

const HEADING_LINE = /^ {0,3}#{1,6}\s/gm;

/**
 * Scrolls the preview to where the caret is: to the last heading above the caret when there is
 * one (the n-th markdown heading is the n-th rendered heading), else by the caret's line ratio.
 */
function followCaret(view: EditorView, preview: HTMLElement) {
  const text = view.state.doc.toString();
  const head = view.state.selection.main.head;
  const before = text.slice(0, head);
  // The caret's own line counts: on a heading (an outline jump puts it at its start), that one.
  const headingsBefore =
    text.slice(0, view.state.doc.lineAt(head).to).match(HEADING_LINE)?.length ?? 0;
  const headings = preview.querySelectorAll<HTMLElement>(
    '[data-testid="markdown-preview"] :is(h1, h2, h3, h4, h5, h6)',
  );
  const heading = headingsBefore > 0 ? headings[headingsBefore - 1] : undefined;
  if (heading) {
    const top =
      heading.getBoundingClientRect().top - preview.getBoundingClientRect().top + preview.scrollTop;
    preview.scrollTop = Math.max(0, top - 16);
    return;
  }
  const lines = text.split('\n').length;
  const line = before.split('\n').length - 1;
  const ratio = lines > 1 ? line / (lines - 1) : 0;
  preview.scrollTop = ratio * (preview.scrollHeight - preview.clientHeight);
}

/**
 * The text of a shared document for what is drawn from it (preview, counts): read when it
 * changes, mine or another editor's, once they pause for TEXT_READ_INTERVAL_MS, so React
 * renders nothing per keystroke while the editor (CodeMirror) shows every character at once.
 */
export function useDocumentText(text: Y.Text): [string, () => void] {
  const [read, setRead] = useState(() => ({ text, value: text.toString() }));
  if (read.text !== text) {
    // Another document (a new script that became an item): read it now.
    setRead({ text, value: text.toString() });
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read once typing pauses, not every 300 ms while it goes on: a read re-renders the counts and
  // the preview, and one markdown render of a 10,000-word script is a task of 100 ms or more
  // that would hold a keystroke's frame (decision 051). Every change restarts the wait.
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setRead({ text, value: text.toString() });
    }, TEXT_READ_INTERVAL_MS);
  }, [text]);
  useEffect(() => {
    text.observe(schedule);
    return () => {
      text.unobserve(schedule);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [text, schedule]);
  return [read.value, schedule];
}

/**
 * The writing room (docs/decisions/215): the shared document's editor (CodeMirror) with
 * Write · Split · Preview, the preview following the caret in Split, a row of who else is in
 * the document, and a status bar at the top of the writing area with word and character counts,
 * the speaking time at the account's pace and where the text stands (Saved, Saving, Offline),
 * so they stay in view while writing. The Outline lists the script's headings with their
 * speaking times and jumps the editor to one; Focus mode (its button or Ctrl/⌘+Shift+F; Esc
 * leaves) covers the page with the text alone. Counting, the outline and the preview read the
 * text once typing pauses for 300 ms, so typing in a 10,000-word script never waits for them.
 */
export function WritingSurface({
  session,
  title,
  error,
  readOnly = false,
  status,
  presence,
  details,
}: {
  session: CollabSession;
  title: string;
  error?: string;
  readOnly?: boolean;
  /** Where the text stands, shown at the end of the status bar. */
  status?: ReactNode;
  /** Who else is in the document, above the editor. */
  presence?: ReactNode;
  /** The side panel beside the text (wide screens): whether it is open, and its toggle. */
  details?: { open: boolean; toggle: () => void };
}) {
  const [mode, setMode] = useState<EditorMode>(readMode);
  const [outlineOpen, setOutlineOpen] = useState(() => readFlag(OUTLINE_KEY));
  const [focusMode, setFocusMode] = useState(false);
  const editorView = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const followTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [value] = useDocumentText(session.text);
  const wordsPerMinute = useWordsPerMinute();
  const script = useMemo(() => parseScript(value), [value]);

  useEffect(() => {
    try {
      window.localStorage.setItem(MODE_KEY, mode);
    } catch {
      // A preference only.
    }
  }, [mode]);
  useEffect(() => () => clearTimeout(followTimer.current), []);

  // Focus mode: the shortcut anywhere on the page; Esc leaves (unless something inside used it,
  // such as the editor's find panel closing).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isFocusKey(event)) {
        event.preventDefault();
        setFocusMode((on) => !on);
      } else if (event.key === 'Escape' && focusMode && !event.defaultPrevented) {
        setFocusMode(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focusMode]);
  // Entering or leaving focus mode keeps the writer in the text.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    editorView.current?.focus();
  }, [focusMode]);

  // The preview redraws a long script only when typing pauses (decision 051), so it follows the
  // caret then too: measuring the preview on every keystroke would cost a layout per key.
  const follow = useCallback(
    (view: EditorView) => {
      editorView.current = view;
      if (mode !== 'split') return;
      clearTimeout(followTimer.current);
      followTimer.current = setTimeout(() => {
        if (editorView.current && previewRef.current) {
          followCaret(editorView.current, previewRef.current);
        }
      }, FOLLOW_DELAY_MS);
    },
    [mode],
  );
  const onView = useCallback((view: EditorView | null) => {
    editorView.current = view;
  }, []);

  // A heading of the outline: its line at the top of the editor, the caret at its start. The
  // text is read again at the click, so a heading typed in the last 300 ms is found too.
  const jumpTo = useCallback(
    (index: number) => {
      const go = () => {
        const view = editorView.current;
        if (!view) return;
        const section = parseScript(view.state.doc.toString()).sections[index];
        if (!section) return;
        view.dispatch({
          selection: { anchor: section.from },
          effects: EditorView.scrollIntoView(section.from, { y: 'start', yMargin: 8 }),
        });
        view.focus();
      };
      if (mode === 'preview') {
        // The editor is hidden in Preview: show it first.
        setMode('split');
        setTimeout(go, 0);
      } else {
        go();
      }
    },
    [mode],
  );

  // A task ticked in the preview: that one box of the shared document changes (decision 216),
  // as a keystroke would, so co-editors see it at once and their own words stay.
  const sharedText = session.text;
  const toggleTask = useCallback(
    (line: number, checked: boolean, shown: string) => {
      const current = sharedText.toString();
      const at = findTaskMark(current, shown, line);
      const mark = checked ? 'x' : ' ';
      if (at < 0 || current[at] === mark) return;
      sharedText.doc?.transact(() => {
        sharedText.delete(at, 1);
        sharedText.insert(at, mark);
      });
    },
    [sharedText],
  );

  const toggleOutline = () => {
    setOutlineOpen((open) => {
      storeFlag(OUTLINE_KEY, !open);
      return !open;
    });
  };

  const showPreview = mode !== 'write' && !focusMode;
  const showEditor = mode !== 'preview' || focusMode;
  const showOutline = outlineOpen && !focusMode;

  const modeControl = (
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
          onClick={() => setMode(option)}
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
  const barButton =
    'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 aria-pressed:ring-indigo-200 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-800 aria-expanded:ring-indigo-200';

  return (
    <div
      className={clsx(
        'flex flex-col',
        focusMode
          ? 'fixed inset-0 z-50 overflow-hidden bg-slate-50 px-3 py-3 sm:px-6 sm:py-5'
          : 'h-[calc(100dvh-11rem)] min-h-[24rem]',
      )}
      data-mode={mode}
      data-focus-mode={focusMode ? 'on' : undefined}
      data-testid="writing-room"
    >
      <div
        className={clsx('flex min-h-0 flex-1 flex-col', focusMode && 'mx-auto w-full max-w-3xl')}
      >
        {!focusMode && presence}
        <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="writing-bar">
          {!focusMode && modeControl}
          <WritingStats
            text={value}
            spokenWords={script.words}
            wordsPerMinute={wordsPerMinute}
            status={status}
          />
          <div className="ml-auto flex items-center gap-1.5">
            {!focusMode && (
              <button
                type="button"
                className={barButton}
                aria-expanded={outlineOpen}
                aria-controls={outlineOpen ? 'writing-outline' : undefined}
                onClick={toggleOutline}
              >
                <ListTree className="size-3.5" aria-hidden="true" />
                Outline
              </button>
            )}
            {!focusMode && details && (
              <button
                type="button"
                className={clsx(barButton, 'max-xl:hidden')}
                aria-expanded={details.open}
                aria-controls="content-details"
                onClick={details.toggle}
                title={
                  details.open
                    ? 'Move the details below the text'
                    : 'Show the details beside the text'
                }
              >
                {details.open ? (
                  <PanelRightClose className="size-3.5" aria-hidden="true" />
                ) : (
                  <PanelRightOpen className="size-3.5" aria-hidden="true" />
                )}
                Details
              </button>
            )}
            <button
              type="button"
              className={barButton}
              aria-pressed={focusMode}
              aria-keyshortcuts={FOCUS_SHORTCUT}
              title="Focus mode (Ctrl+Shift+F; Esc leaves)"
              onClick={() => setFocusMode((on) => !on)}
            >
              {focusMode ? (
                <Minimize2 className="size-3.5" aria-hidden="true" />
              ) : (
                <Maximize2 className="size-3.5" aria-hidden="true" />
              )}
              {focusMode ? 'Leave focus mode' : 'Focus'}
            </button>
          </div>
        </div>
        <div
          className={clsx(
            'grid min-h-0 flex-1 grid-cols-1 gap-3',
            showOutline
              ? showPreview && showEditor
                ? 'grid-rows-[minmax(0,6rem)_minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[13rem_minmax(0,1fr)_minmax(0,1fr)] lg:grid-rows-1'
                : 'grid-rows-[minmax(0,6rem)_minmax(0,1fr)] lg:grid-cols-[13rem_minmax(0,1fr)] lg:grid-rows-1'
              : showPreview && showEditor
                ? 'grid-rows-2 lg:grid-cols-2 lg:grid-rows-1'
                : 'grid-rows-1',
          )}
        >
          {showOutline && (
            <div id="writing-outline" className="flex min-h-0 flex-col">
              <WritingOutline
                sections={script.sections}
                introWords={script.introWords}
                wordsPerMinute={wordsPerMinute}
                onJump={jumpTo}
                className="flex-1"
              />
            </div>
          )}
          <CodeEditor
            text={session.text}
            awareness={session.awareness}
            undoManager={session.undoManager}
            label="Content"
            readOnly={readOnly}
            placeholder="Write your script or note in markdown…"
            error={error}
            onCaret={follow}
            onView={onView}
            bare={focusMode}
            className={clsx(!showEditor && 'hidden')}
          />
          {showPreview && (
            <section
              ref={previewRef}
              aria-label="Preview"
              tabIndex={0}
              className={clsx(
                'min-h-0 overflow-y-auto rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:p-5',
              )}
            >
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Preview
              </h2>
              <h3
                className={clsx(
                  'mb-3 text-xl font-bold [overflow-wrap:anywhere] text-slate-900',
                  !title.trim() && 'text-slate-300',
                )}
              >
                {title.trim() || 'Untitled'}
              </h3>
              <MarkdownPreview text={value} onToggleTask={readOnly ? undefined : toggleTask} />
            </section>
          )}
        </div>
      </div>
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
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600"
      data-testid="writing-status"
    >
      <span>{words.toLocaleString('en-US')} words</span>
      <span>{text.length.toLocaleString('en-US')} characters</span>
      <span title={`At ${wordsPerMinute} words per minute`} data-testid="speaking-time">
        {formatSpeakingTime(speakingSeconds(spokenWords, wordsPerMinute))} speaking time
      </span>
      {status}
    </p>
  );
}
