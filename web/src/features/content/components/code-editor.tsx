import { defaultKeymap } from '@codemirror/commands';
import { syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { search, searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { dropCursor, EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { clsx } from 'clsx';
import { FormatToolbar } from '../../../components/format-toolbar';
import { FieldError } from '../../../components/text-field';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { MarkdownFormat } from '../../../components/markdown-format';
import { editorTheme, formatCommand, markdownSupport, writingKeymap } from './editor-setup';
import { pasteAndDrop, type PasteHandlers } from './editor-paste';
import { adoptEditorStyles } from './editor-styles';
import { wikilinkCompletion, type FindLinkTitles } from './wikilink-completion';
import { commentMarks } from '../comments/comment-marks';
import { withoutNul } from './without-nul';
import { minimalChange } from './minimal-change';

export interface CodeEditorProps {
  /** The shared text; when it changes, the text on screen moves into the new one (docs/decisions/199). */
  text: Y.Text;
  awareness: Awareness | null;
  undoManager: Y.UndoManager;
  label: string;
  readOnly?: boolean;
  placeholder?: string;
  error?: string;
  /** Shown beside the label (e.g. the Write · Split · Preview switch). */
  aside?: ReactNode;
  className?: string;
  /** Every change of the text, mine or another editor's (keep it cheap: it runs per keystroke). */
  onTextChange?: () => void;
  /** The caret or selection moved: the position of its head. */
  onCaret?: (view: EditorView) => void;
  /** The editor's view once made (and null when it goes), for jumps from outside (the outline). */
  onView?: (view: EditorView | null) => void;
  /** The text alone (focus mode): no visible label or toolbar; the keys still format. */
  bare?: boolean;
  /** Titles for the `[[` list (decision 211); without it, no list. Read once, when made. */
  findLinkTitles?: FindLinkTitles;
  /** Uploads a pasted or dropped picture as an attachment (decision 214). */
  uploadImage?: PasteHandlers['uploadImage'];
  /** A picture could not go into the text: why. */
  onImageError?: PasteHandlers['onImageError'];
  /** Comments on the selection (its "Add comment" control and shortcut); none when unset. */
  onAddComment?: () => void;
  /** A click on a commented passage: its thread. */
  onPickComment?: (threadId: number) => void;
}

/**
 * The writing surface's editor: CodeMirror 6 with markdown, bound to the shared Y.Text by
 * y-codemirror.next (others' cursors and selections with their names, undo of my own edits
 * only), the formatting toolbar and keys of the old textarea (Ctrl/⌘+B, I, U, K; Enter
 * continues a list; Tab and Shift+Tab indent list items, elsewhere Tab moves focus), find
 * (Ctrl/⌘+F), and paste and drop (editor-paste.ts: pictures upload into the text, HTML becomes
 * markdown, Ctrl/⌘+Shift+V pastes plain text). CodeMirror draws only the lines in view, so a 10,000-word script types as fast
 * as a short one, and React renders nothing on a keystroke.
 */
export function CodeEditor({
  text,
  awareness,
  undoManager,
  label,
  readOnly = false,
  placeholder,
  error,
  aside,
  className,
  onTextChange,
  onCaret,
  onView,
  bare = false,
  findLinkTitles,
  uploadImage,
  onImageError,
  onAddComment,
  onPickComment,
}: CodeEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const binding = useRef(new Compartment());
  const access = useRef(new Compartment());
  const attributes = useRef(new Compartment());
  const bound = useRef(text);
  // What the view holds: the effects below dispatch a change only, not the values it was made with.
  const applied = useRef({ readOnly, invalid: Boolean(error) });
  const callbacks = useRef({
    onTextChange,
    onCaret,
    onView,
    uploadImage,
    onImageError,
    onAddComment,
    onPickComment,
  });
  useEffect(() => {
    callbacks.current = {
      ...{ onTextChange, onCaret, onView, uploadImage, onImageError },
      ...{ onAddComment, onPickComment },
    };
  });

  const readOnlyExtension = (value: boolean) => [
    EditorState.readOnly.of(value),
    EditorView.editable.of(!value),
  ];
  const contentAttributes = (invalid: boolean) =>
    EditorView.contentAttributes.of({
      'aria-label': label,
      'aria-multiline': 'true',
      // The scroller around it scrolls a long script: the keyboard reaches it here (a viewer's
      // text, not editable, too).
      tabindex: '0',
      ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
    });

  // A passive effect: the page around the editor commits first, and making the view (the longest
  // piece of the writing page's opening) is a task of its own after it (decision 262).
  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    adoptEditorStyles();
    const created = new EditorView({
      parent,
      state: EditorState.create({
        doc: text.toString(),
        extensions: [
          Prec.high(keymap.of(writingKeymap)),
          keymap.of([...yUndoManagerKeymap, ...searchKeymap, ...defaultKeymap]),
          binding.current.of(yCollab(text, awareness, { undoManager })),
          access.current.of(readOnlyExtension(readOnly)),
          attributes.current.of(contentAttributes(Boolean(error))),
          markdownSupport,
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          search({ top: true }),
          highlightSelectionMatches(),
          EditorView.lineWrapping,
          pasteAndDrop(() => callbacks.current),
          withoutNul,
          // Where a dropped picture will go.
          dropCursor(),
          placeholder ? placeholderText(placeholder) : [],
          findLinkTitles ? wikilinkCompletion(findLinkTitles) : [],
          // The highlighted passages of comments and the "Add comment" control.
          commentMarks(
            () => callbacks.current.onAddComment,
            () => callbacks.current.onPickComment,
          ),
          editorTheme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onTextChange?.();
            if (update.selectionSet) callbacks.current.onCaret?.(update.view);
          }),
        ],
      }),
    });
    view.current = created;
    bound.current = text;
    callbacks.current.onView?.(created);
    return () => {
      callbacks.current.onView?.(null);
      created.destroy();
      view.current = null;
    };
    // The view is made once; the effects below reconfigure it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new shared text (a new script that has just become an item): the words on screen, typed
  // before and while it was created, are written into it, then the editor binds to it. Both in
  // one task, so no keystroke falls between them.
  useLayoutEffect(() => {
    const current = view.current;
    if (!current || bound.current === text) return;
    const onScreen = current.state.doc.toString();
    const there = text.toString();
    if (onScreen !== there) {
      const change = minimalChange(there, onScreen) as { from: number; to: number; insert: string };
      text.doc?.transact(() => {
        if (change.to > change.from) text.delete(change.from, change.to - change.from);
        if (change.insert) text.insert(change.from, change.insert);
      });
    }
    bound.current = text;
    // Unbound first: y-codemirror.next's plugins read their text when made, so the same
    // plugins reconfigured would keep writing to the old one.
    current.dispatch({ effects: binding.current.reconfigure([]) });
    current.dispatch({
      effects: binding.current.reconfigure(yCollab(text, awareness, { undoManager })),
    });
  }, [text, awareness, undoManager]);

  useEffect(() => {
    if (!view.current || applied.current.readOnly === readOnly) return;
    applied.current.readOnly = readOnly;
    view.current.dispatch({ effects: access.current.reconfigure(readOnlyExtension(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    if (!view.current || applied.current.invalid === Boolean(error)) return;
    applied.current.invalid = Boolean(error);
    view.current.dispatch({ effects: attributes.current.reconfigure(contentAttributes(!!error)) });
    // contentAttributes reads label and errorId, fixed for the editor's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  function run(format: MarkdownFormat) {
    const current = view.current;
    if (!current) return;
    // A toolbar format is an undo step of its own, never merged with the typing just before.
    undoManager.stopCapturing();
    formatCommand(format)(current);
    undoManager.stopCapturing();
    current.focus();
  }

  return (
    <div className={clsx('flex min-h-0 flex-col', className)}>
      {!bare && (
        <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
          {/* The editor is named by aria-label; this is the visible name, and clicks focus it. */}
          <span
            className="block text-sm font-medium text-slate-700"
            aria-hidden="true"
            onClick={() => view.current?.focus()}
          >
            {label}
          </span>
          {aside}
        </div>
      )}
      <div
        className={clsx(
          'flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-indigo-600',
          error && 'ring-red-400',
        )}
      >
        {!readOnly && !bare && <FormatToolbar onFormat={run} />}
        <div ref={host} className="min-h-0 flex-1" data-testid="code-editor" />
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
