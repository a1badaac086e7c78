import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * "Leave with unsaved changes?" for a declarative router (it has no blocker): a page with
 * unsaved work registers itself here; the signed-in layout's `LeaveGuard` consults it before
 * an in-app link or the browser's back button leaves, and the browser asks on closing the tab
 * (`beforeunload`). When the session dies, `persistUnsavedWork()` lets every page put its work
 * somewhere safe (local storage) before the person is sent to log in.
 */
interface Guard {
  /** Writes the unsaved work to local storage, to be restored after logging in again. */
  persist?: () => void;
}

const guards = new Set<Guard>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function hasUnsavedWork(): boolean {
  return guards.size > 0;
}

export function persistUnsavedWork(): void {
  for (const guard of guards) guard.persist?.();
}

export function subscribeUnsavedWork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHasUnsavedWork(): boolean {
  return useSyncExternalStore(subscribeUnsavedWork, hasUnsavedWork, () => false);
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedWork()) return;
  event.preventDefault();
  // Older browsers need a returnValue to show their own "Leave site?" question.
  event.returnValue = '';
}

/** While `dirty`, leaving the page asks first; `persist` runs if the session dies meanwhile. */
export function useLeaveGuard(dirty: boolean, persist?: () => void): void {
  const persistRef = useRef(persist);
  useEffect(() => {
    persistRef.current = persist;
  });
  useEffect(() => {
    if (!dirty) return;
    const guard: Guard = { persist: () => persistRef.current?.() };
    guards.add(guard);
    if (guards.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    notify();
    return () => {
      guards.delete(guard);
      if (guards.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
      notify();
    };
  }, [dirty]);
}
