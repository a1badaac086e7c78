import { parseScript } from '@cw/contract/script';
import type { FileObject } from '@cw/contract';
import { EditorView } from '@codemirror/view';
import { clsx } from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { WikilinkOptions } from '@cw/contract/markdown';
import { findLinkTitles } from '../../../lib/api/links';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import type { CollabSession } from '../collab/collab-session';
import { CodeEditor } from './code-editor';
import { useEditorMode, useFocusMode, useOutlineOpen } from './use-writing-room';
import { WritingBar } from './writing-bar';
import { CommentsPanel } from '../comments/comments-panel';
import { useComments } from '../comments/use-comments';
import { WritingOutline } from './writing-outline';
import { WritingPreview } from './writing-preview';
import { followCaret, useDocumentText, useSharedTaskToggle } from './writing-text';

/** How long after the caret stops the Split preview scrolls to it. */
const FOLLOW_DELAY_MS = 250;

/**
 * The writing room (docs/decisions/215): the shared document's editor (CodeMirror) with
 * Write · Split · Preview, the preview following the caret in Split, a row of who else is in
 * the document, and a bar at the top of the writing area with word and character counts, the
 * speaking time at the account's pace and where the text stands (Saved, Saving, Offline), so
 * they stay in view while writing. The Outline lists the script's headings with their speaking
 * times and jumps the editor to one; Focus mode (its button or Ctrl/⌘+Shift+F; Esc leaves)
 * covers the page with the text alone. Counting, the outline and the preview read the text once
 * typing pauses for 300 ms, so typing in a 10,000-word script never waits for them.
 */
export function WritingSurface({
  session,
  title,
  error,
  readOnly = false,
  status,
  presence,
  details,
  wikilinks,
  uploadImage,
  comments: commentsOn = null,
}: {
  session: CollabSession;
  /** The item whose comments show beside the text, and who reads them (none for a new script). */
  comments?: { contentId: number; me: number } | null;
  /** Where the preview's `[[…]]` links lead (decision 211). */
  wikilinks?: WikilinkOptions;
  title: string;
  error?: string;
  readOnly?: boolean;
  /** Where the text stands, shown at the end of the status bar. */
  status?: ReactNode;
  /** Who else is in the document, above the editor. */
  presence?: ReactNode;
  /** The side panel beside the text (wide screens): whether it is open, and its toggle. */
  details?: { open: boolean; toggle: () => void };
  /** Uploads a picture pasted or dropped into the text (decision 214). */
  uploadImage?: (file: File) => Promise<FileObject>;
}) {
  const [mode, setMode] = useEditorMode();
  const [outlineOpen, toggleOutline] = useOutlineOpen();
  const editorView = useRef<EditorView | null>(null);
  const [focusMode, toggleFocusMode] = useFocusMode(editorView);
  const previewRef = useRef<HTMLElement>(null);
  const followTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [value] = useDocumentText(session.text);
  const wordsPerMinute = useWordsPerMinute();
  const script = useMemo(() => parseScript(value), [value]);
  const toggleTask = useSharedTaskToggle(session.text);
  const [imageError, setImageError] = useState<string | null>(null);
  const comments = useComments(commentsOn?.contentId ?? null, session.text, editorView);
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
    [mode, setMode],
  );

  const showPreview = mode !== 'write' && !focusMode;
  const showEditor = mode !== 'preview' || focusMode;
  const showOutline = outlineOpen && !focusMode;

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
        <WritingBar
          mode={mode}
          onMode={setMode}
          text={value}
          spokenWords={script.words}
          wordsPerMinute={wordsPerMinute}
          status={status}
          focusMode={focusMode}
          onFocusMode={toggleFocusMode}
          outlineOpen={outlineOpen}
          onOutline={toggleOutline}
          details={details}
          comments={
            commentsOn && !focusMode
              ? { open: comments.open, toggle: comments.toggle, count: comments.openCount }
              : undefined
          }
        />
        <div className="flex min-h-0 flex-1 gap-3">
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
              findLinkTitles={findLinkTitles}
              uploadImage={uploadImage}
              onImageError={setImageError}
              bare={focusMode}
              className={clsx(!showEditor && 'hidden')}
              onAddComment={comments.addComment}
              onPickComment={comments.pick}
            />
            {showPreview && (
              <WritingPreview
                ref={previewRef}
                title={title}
                text={value}
                onToggleTask={readOnly ? undefined : toggleTask}
                wikilinks={wikilinks}
              />
            )}
          </div>
          {commentsOn && comments.open && !focusMode && (
            <CommentsPanel
              contentId={commentsOn.contentId}
              me={commentsOn.me}
              comments={comments}
            />
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
      </div>
    </div>
  );
}
