import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** What the writing area shows beside the editor (remembered per device). */
export type EditorMode = 'write' | 'split' | 'preview';

const MODE_KEY = 'cw.editor-mode';
const OUTLINE_KEY = 'cw.writing-outline';

/** Ctrl+Shift+F (⌘⇧F on a Mac) toggles focus mode. */
export const FOCUS_SHORTCUT = 'Control+Shift+F Meta+Shift+F';
const isFocusKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyF';

function readMode(): EditorMode {
  try {
    const stored = window.localStorage.getItem(MODE_KEY);
    return stored === 'write' || stored === 'preview' ? stored : 'split';
  } catch {
    return 'split';
  }
}

/** Write · Split · Preview, kept on this device. */
export function useEditorMode() {
  const [mode, setMode] = useState<EditorMode>(readMode);
  useEffect(() => {
    try {
      window.localStorage.setItem(MODE_KEY, mode);
    } catch {
      // A preference only.
    }
  }, [mode]);
  return [mode, setMode] as const;
}

/** Whether the outline is shown, kept on this device (closed until opened once). */
export function useOutlineOpen() {
  const [open, setOpen] = useState(() => {
    try {
      return window.localStorage.getItem(OUTLINE_KEY) === 'open';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setOpen((current) => {
      try {
        window.localStorage.setItem(OUTLINE_KEY, current ? 'closed' : 'open');
      } catch {
        // A preference only.
      }
      return !current;
    });
  }, []);
  return [open, toggle] as const;
}

/**
 * Focus mode (decision 215): Ctrl/⌘+Shift+F anywhere on the page toggles it; Esc leaves it
 * unless something inside used the key (the editor's find panel closing). Entering or leaving
 * puts the keyboard back in the editor (`focusTarget`).
 */
export function useFocusMode(focusTarget: RefObject<{ focus: () => void } | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isFocusKey(event)) {
        event.preventDefault();
        setOn((current) => !current);
      } else if (event.key === 'Escape' && on && !event.defaultPrevented) {
        setOn(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on]);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusTarget.current?.focus();
  }, [on, focusTarget]);
  const toggle = useCallback(() => setOn((current) => !current), []);
  return [on, toggle] as const;
}

/** Whether the details (collections, tags, attachments) sit beside the text, per device. */
const DETAILS_KEY = 'cw.writing-details';

function readDetailsOpen(): boolean {
  try {
    return window.localStorage.getItem(DETAILS_KEY) === 'beside';
  } catch {
    return false;
  }
}

/**
 * The details panel beside the text on wide screens, or folded below it (the default: the text
 * takes the width; docs/decisions/215). Remembered on this device.
 */
export function useDetailsBeside() {
  const [open, setOpen] = useState(readDetailsOpen);
  const toggle = () =>
    setOpen((current) => {
      try {
        window.localStorage.setItem(DETAILS_KEY, current ? 'below' : 'beside');
      } catch {
        // A preference only.
      }
      return !current;
    });
  return { open, toggle };
}
