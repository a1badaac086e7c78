import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
});

// findBy… and waitFor give up after 1 s by default: too short on a shared 2-core machine under
// load, where a render of the writing page alone can take longer. A passing test waits no longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling.
window.scrollTo = () => {};

// TanStack Query batches its notifications with setTimeout(0); flush them as microtasks instead,
// so tests that fake setTimeout (redirect delays, countdowns) still see pending states settle.
notifyManager.setScheduler(queueMicrotask);

// Testing Library only recognises Jest's fake timers; with this shim it advances Vitest's fake
// clock while it waits (and doesn't hang on a faked setTimeout).
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

// CodeMirror measures text through Range geometry, which jsdom does not lay out.
const noRects = () => [] as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = emptyRect;
