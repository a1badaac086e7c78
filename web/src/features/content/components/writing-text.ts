import type { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { findTaskMark } from '../../../lib/task-lists';

/** The preview and the counts read the text at most this often while someone types. */
export const TEXT_READ_INTERVAL_MS = 300;

const HEADING_LINE = /^ {0,3}#{1,6}\s/gm;

/**
 * Scrolls the preview to where the caret is: to the last heading above the caret when there is
 * one (the n-th markdown heading is the n-th rendered heading), else by the caret's line ratio.
 */
export function followCaret(view: EditorView, preview: HTMLElement) {
  const text = view.state.doc.toString();
  const head = view.state.selection.main.head;
  if (view.state.doc.lineAt(head).number === 1) {
    // At the text's first line the preview shows its top, the title above the text included.
    preview.scrollTop = 0;
    return;
  }
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
    // What arrived between the render's read and this subscription (the device's copy, the
    // server's sync, after a remount) is read too.
    schedule();
    return () => {
      text.unobserve(schedule);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [text, schedule]);
  return [read.value, schedule];
}

/**
 * A task ticked in the preview: that one box of the shared document changes (decision 216), as
 * a keystroke would, so co-editors see it at once and their own words stay. `shown` is the text
 * the preview drew, `line` the task's line in it.
 */
export function useSharedTaskToggle(text: Y.Text) {
  return useCallback(
    (line: number, checked: boolean, shown: string) => {
      const current = text.toString();
      const at = findTaskMark(current, shown, line);
      const mark = checked ? 'x' : ' ';
      if (at < 0 || current[at] === mark) return;
      text.doc?.transact(() => {
        text.delete(at, 1);
        text.insert(at, mark);
      });
    },
    [text],
  );
}
