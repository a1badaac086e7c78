// The page of the bench's "bare CodeMirror" reference (browser.ts): CodeMirror 6 with the
// writing page's extensions (markdown, highlighting, find, wrapping), but no shared document,
// no React and no page around it. Bundled by esbuild when the bench runs; it reads the script
// from window.__benchScript and mounts into #host.
import { defaultKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

const host = document.getElementById('host');
if (!host) throw new Error('no #host');
new EditorView({
  parent: host,
  state: EditorState.create({
    doc: (window as unknown as { __benchScript: string }).__benchScript,
    extensions: [
      keymap.of([...searchKeymap, ...defaultKeymap]),
      markdown({ addKeymap: false }),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      search({ top: true }),
      highlightSelectionMatches(),
      EditorView.lineWrapping,
      EditorView.theme({
        '&': { height: '100%', fontSize: '0.875rem' },
        '.cm-scroller': { fontFamily: 'monospace', lineHeight: '1.625', overflow: 'auto' },
      }),
    ],
  }),
});
