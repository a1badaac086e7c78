import { commonmarkLanguage, pasteURLAsLink } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import { EditorView, type Command } from '@codemirror/view';
import {
  applyMarkdownFormat,
  continueList,
  indentListItems,
  type MarkdownFormat,
  type TextEdit,
} from '../../../components/markdown-format';
import { PRESENCE_PALETTE } from '../collab/collab-session';
import { presenceColorRules } from './editor-styles';
import { minimalChange } from './minimal-change';

// The writing editor's language, keys and look (code-editor.tsx makes the editor with them).

/** Applies one of markdown-format.ts's edits (computed on the whole text) as a CodeMirror change. */
function applyEdit(view: EditorView, edit: TextEdit | null): boolean {
  if (!edit) return false;
  const before = view.state.doc.toString();
  view.dispatch({
    changes: minimalChange(before, edit.value),
    selection: { anchor: edit.selectionStart, head: edit.selectionEnd },
    scrollIntoView: true,
    userEvent: 'input',
  });
  return true;
}

export function formatCommand(format: MarkdownFormat): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    const { from, to } = view.state.selection.main;
    return applyEdit(view, applyMarkdownFormat(format, view.state.doc.toString(), from, to));
  };
}

const continueListCommand: Command = (view) => {
  if (view.state.readOnly || view.state.selection.ranges.length > 1) return false;
  const { from, to } = view.state.selection.main;
  return applyEdit(view, continueList(view.state.doc.toString(), from, to));
};

function indentCommand(direction: 'in' | 'out'): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    const { from, to } = view.state.selection.main;
    // Null outside lists: Tab then moves focus on, so the keyboard never gets stuck here.
    return applyEdit(view, indentListItems(view.state.doc.toString(), from, to, direction));
  };
}

/**
 * Markdown as lang-markdown's `markdown()` gives it (CommonMark, a URL pasted over a selection
 * makes a link), without its HTML support: `markdown()` always brings `@codemirror/lang-html`,
 * which brings the CSS and JavaScript parsers (about 140 KB of the writing page's script, their
 * parse tables built when the page opens) to colour raw HTML tags, which the product shows as
 * text anyway, and to complete them. Its Enter is list continuation (writingKeymap below).
 * Decision 253.
 */
export const markdownSupport = new LanguageSupport(commonmarkLanguage, [pasteURLAsLink]);

export const writingKeymap = [
  { key: 'Mod-b', run: formatCommand('bold') },
  { key: 'Mod-i', run: formatCommand('italic') },
  { key: 'Mod-u', run: formatCommand('underline') },
  { key: 'Mod-k', run: formatCommand('link') },
  { key: 'Enter', run: continueListCommand },
  { key: 'Tab', run: indentCommand('in'), shift: indentCommand('out') },
];

export const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '0.875rem', backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.625',
    overflow: 'auto',
  },
  '.cm-content': { padding: '0.5rem 0.75rem', caretColor: '#0f172a' },
  '.cm-placeholder': { color: '#64748b' },
  '.cm-ySelectionInfo': {
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    fontSize: '0.6875rem',
    fontWeight: '600',
    opacity: '1',
    padding: '1px 4px',
    top: '-1.3em',
  },
  '.cm-panels': { backgroundColor: '#f8fafc', color: '#0f172a' },
  ...presenceColorRules(PRESENCE_PALETTE),
});
