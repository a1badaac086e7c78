import type { Thread } from '@cw/contract';
import type { EditorView } from '@codemirror/view';
import { EditorView as View } from '@codemirror/view';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type * as Y from 'yjs';
import { useCommentAction, useThreads } from '../api/comments';
import { anchorOf, passageRange } from './anchors';
import { setCommentMarks } from './comment-marks';

/** A passage chosen for a new thread: its anchor and its text. */
export interface PendingPassage {
  start: string;
  end: string;
  quote: string;
}

const wide = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(min-width: 1024px)').matches
    : true;

/**
 * The comments of the writing page (docs/product.md, "Comments"): the item's threads, the
 * passages highlighted in the editor, the passage chosen by "Add comment" (or Ctrl/⌘+Alt+M),
 * and whether the panel is open (beside the text on wide screens, over it on a phone).
 */
export function useComments(
  contentId: number | null,
  text: Y.Text,
  view: RefObject<EditorView | null>,
) {
  const threads = useThreads(contentId ?? 0, contentId !== null);
  const action = useCommentAction(contentId ?? 0);
  // Open at first beside the text on a wide screen only when the item has open threads, so an
  // item without comments keeps the whole width to write in; then as the person leaves it.
  const [chosen, setOpen] = useState<boolean | null>(null);
  const [pending, setPending] = useState<PendingPassage | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [showResolved, setShowResolved] = useState(false);

  /** "Add comment" on the editor's selection (its control and Ctrl/⌘+Alt+M). */
  const addComment =
    contentId === null
      ? undefined
      : () => {
          const current = view.current;
          if (!current) return;
          const { from, to } = current.state.selection.main;
          if (from === to) return;
          setPending({ ...anchorOf(text, from, to), quote: current.state.sliceDoc(from, to) });
          setOpen(true);
        };

  // Passages are placed again when the text changes (at most twice a second): the document may
  // arrive after the threads, and others' edits may bring a passage back or take it away.
  const [textVersion, setTextVersion] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        setTextVersion((version) => version + 1);
      }, 500);
    };
    text.observe(changed);
    return () => {
      text.unobserve(changed);
      clearTimeout(timer);
    };
  }, [text]);

  const list = useMemo(() => threads.data?.results ?? [], [threads.data]);
  const placed = useMemo(() => {
    const withRange = list.map((thread) => ({ thread, range: passageRange(text, thread) }));
    const rank = (entry: (typeof withRange)[number]) =>
      entry.range ? entry.range.from : entry.thread.anchor && !entry.thread.detached ? 1e9 : 2e9;
    return withRange.sort((a, b) => rank(a) - rank(b) || a.thread.id - b.thread.id);
    // textVersion: placed again after the text changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, text, textVersion]);

  // The editor is told only when the highlights change: a transaction per pause in typing would
  // cost a view update each, and come between a keystroke and its scroll into view. A new view
  // has none, so none is not sent (an update of the editor as it is made: decision 262).
  const marked = useRef(JSON.stringify([[], null]));
  useEffect(() => {
    const passages = placed.flatMap(({ thread, range }) =>
      range && !thread.resolved ? [{ threadId: thread.id, ...range }] : [],
    );
    const key = JSON.stringify([passages, active]);
    if (!view.current || key === marked.current) return;
    marked.current = key;
    view.current.dispatch({ effects: setCommentMarks.of({ passages, active }) });
  }, [placed, active, view]);

  const select = (thread: Thread) => {
    setActive(thread.id);
    const range = passageRange(text, thread);
    const current = view.current;
    if (!range || !current) return;
    current.dispatch({
      selection: { anchor: range.from, head: range.to },
      effects: View.scrollIntoView(range.from, { y: 'center' }),
    });
  };

  /** A click on a highlighted passage: its thread, chosen and shown in the panel. */
  const pick = (threadId: number) => {
    setActive(threadId);
    setOpen(true);
    requestAnimationFrame(() =>
      document
        .querySelector(`#comments-panel [data-thread="${threadId}"]`)
        ?.scrollIntoView?.({ block: 'nearest' }),
    );
  };

  const openCount = list.filter((thread) => !thread.resolved).length;
  // Decided once the threads are in (then it stays, whatever is resolved meanwhile).
  if (chosen === null && contentId !== null && !threads.isPending) {
    setOpen(wide() && openCount > 0);
  }
  const open = chosen ?? false;

  return {
    enabled: contentId !== null,
    pick,
    addComment,
    threads: placed.map((entry) => entry.thread),
    loading: threads.isPending,
    openCount,
    resolvedCount: list.filter((thread) => thread.resolved).length,
    open,
    toggle: () => setOpen(!open),
    close: () => setOpen(false),
    pending,
    cancelPending: () => setPending(null),
    active,
    select,
    showResolved,
    setShowResolved,
    act: action.mutateAsync,
  };
}

export type CommentsState = ReturnType<typeof useComments>;
