import { countWords, speakingSeconds } from '@cw/contract/words';
import type { FileObject } from '@cw/contract';
import type { EditorView } from '@codemirror/view';
import { clsx } from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MarkdownPreview } from '../../../components/markdown-preview';
import { formatSpeakingTime } from '../../../lib/format';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import type * as Y from 'yjs';
import type { CollabSession } from '../collab/collab-session';
import { CodeEditor } from './code-editor';

export type EditorMode = 'write' | 'split' | 'preview';

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: 'write', label: 'Write' },
  { mode: 'split', label: 'Split' },
  { mode: 'preview', label: 'Preview' },
];

const MODE_KEY = 'cw.editor-mode';
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

const HEADING_LINE = /^ {0,3}#{1,6}\s/gm;

/**
 * Scrolls the preview to where the caret is: to the last heading above the caret when there is
 * one (the n-th markdown heading is the n-th rendered heading), else by the caret's line ratio.
 */
function followCaret(view: EditorView, preview: HTMLElement) {
  const text = view.state.doc.toString();
  const before = text.slice(0, view.state.selection.main.head);
  const headingsBefore = before.match(HEADING_LINE)?.length ?? 0;
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
 * The writing surface of a long script: the shared document's editor (CodeMirror) with
 * Write · Split · Preview, the preview following the caret in Split, a row of who else is in
 * the document, and a status line with word and character counts, the speaking time at the
 * account's pace, and where the text stands (Saved, Saving, Offline). Counting and the preview
 * read the text once typing pauses for 300 ms, so typing in a 10,000-word script never waits
 * for them.
 */
export function WritingSurface({
  session,
  title,
  error,
  readOnly = false,
  status,
  presence,
  uploadImage,
}: {
  session: CollabSession;
  title: string;
  error?: string;
  readOnly?: boolean;
  /** Where the text stands, shown at the end of the status line. */
  status?: ReactNode;
  /** Who else is in the document, above the editor. */
  presence?: ReactNode;
  /** Uploads a picture pasted or dropped into the text (decision 214). */
  uploadImage?: (file: File) => Promise<FileObject>;
}) {
  const [mode, setMode] = useState<EditorMode>(readMode);
  const editorView = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const followTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [value] = useDocumentText(session.text);
  const [imageError, setImageError] = useState<string | null>(null);

  useEffect(() => {
    try {
      window.localStorage.setItem(MODE_KEY, mode);
    } catch {
      // A preference only.
    }
  }, [mode]);
  useEffect(() => () => clearTimeout(followTimer.current), []);

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

  return (
    <div className="flex h-[calc(100dvh-11rem)] min-h-[24rem] flex-col" data-mode={mode}>
      {presence}
      <div
        className={clsx(
          'grid min-h-0 flex-1 gap-3',
          mode === 'split' && 'grid-rows-2 lg:grid-cols-2 lg:grid-rows-1',
        )}
      >
        <CodeEditor
          text={session.text}
          awareness={session.awareness}
          undoManager={session.undoManager}
          label="Content"
          readOnly={readOnly}
          placeholder="Write your script or note in markdown…"
          error={error}
          onCaret={follow}
          uploadImage={uploadImage}
          onImageError={setImageError}
          aside={modeControl}
          className={clsx(mode === 'preview' && 'hidden')}
        />
        {mode !== 'write' && (
          <section
            ref={previewRef}
            aria-label="Preview"
            tabIndex={0}
            className={clsx(
              'min-h-0 overflow-y-auto rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:p-5',
            )}
          >
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Preview
              </h2>
              {mode === 'preview' && modeControl}
            </div>
            <h3
              className={clsx(
                'mb-3 text-xl font-bold [overflow-wrap:anywhere] text-slate-900',
                !title.trim() && 'text-slate-300',
              )}
            >
              {title.trim() || 'Untitled'}
            </h3>
            <MarkdownPreview text={value} />
          </section>
        )}
      </div>
      {imageError && (
        <p
          role="alert"
          className="mt-2 flex items-start justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200"
        >
          <span>{imageError}</span>
          <button
            type="button"
            onClick={() => setImageError(null)}
            className="shrink-0 rounded font-semibold hover:text-red-900 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            Dismiss
          </button>
        </p>
      )}
      <WritingStats text={value} status={status} />
    </div>
  );
}

/** Words, characters and speaking time of the text as last read (useDocumentText). */
function WritingStats({ text, status }: { text: string; status?: ReactNode }) {
  const wordsPerMinute = useWordsPerMinute();
  const deferred = text;
  const words = useMemo(() => countWords(deferred), [deferred]);
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600"
      data-testid="writing-status"
    >
      <span>{words.toLocaleString('en-US')} words</span>
      <span>{deferred.length.toLocaleString('en-US')} characters</span>
      <span title={`At ${wordsPerMinute} words per minute`}>
        {formatSpeakingTime(speakingSeconds(words, wordsPerMinute))} speaking time
      </span>
      <span className="ml-auto">{status}</span>
    </p>
  );
}
