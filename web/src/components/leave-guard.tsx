import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setPopStateInterceptor } from '../lib/history-guard';
import { hasUnsavedWork } from '../lib/leave-guard';
import { ConfirmDialog } from './confirm-dialog';

type Pending = { kind: 'link'; to: string } | { kind: 'history'; to: string; delta: number };

function historyIndex(state: unknown): number | null {
  if (state && typeof state === 'object' && 'idx' in state) {
    const idx = (state as { idx: unknown }).idx;
    return typeof idx === 'number' ? idx : null;
  }
  return null;
}

/**
 * Asks before an in-app link or the browser's back/forward buttons leave a page with unsaved
 * work (see `useLeaveGuard`). Links: a capture-phase click listener on the document stops the
 * click before the router sees it. History: the page's first `popstate` listener
 * (`lib/history-guard`) holds the move back from the router and undoes it with the opposite
 * `history.go` (so neither Back nor Forward adds an entry or loses the others), then asks;
 * leaving repeats the move. Only when the entries carry no index (not the router's) is the
 * page's entry pushed back instead.
 */
export function LeaveGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const here = useRef('');
  const hereState = useRef<unknown>(null);
  const letThrough = useRef(false);
  /** The `popstate` of undoing a held-back move: neither the router nor the guard acts on it. */
  const restoring = useRef(false);

  useEffect(() => {
    here.current = `${location.pathname}${location.search}${location.hash}`;
    hereState.current = window.history.state;
  }, [location]);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (!hasUnsavedWork() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      const [herePath] = here.current.split('#');
      // Same page, or a jump to a place on it: nothing is left.
      if (to === here.current || `${url.pathname}${url.search}` === herePath) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to });
    }
    function onPopState(event: PopStateEvent): boolean {
      if (letThrough.current) {
        letThrough.current = false;
        return false;
      }
      if (restoring.current) {
        restoring.current = false;
        return true;
      }
      if (!hasUnsavedWork()) return false;
      const path = `${window.location.pathname}${window.location.search}`;
      // A jump to a place on the same page (#fragment) leaves nothing.
      if (path === here.current.split('#')[0]) return false;
      const to = `${path}${window.location.hash}`;
      const from = historyIndex(hereState.current);
      const target = historyIndex(event.state);
      if (from !== null && target !== null && target !== from) {
        restoring.current = true;
        window.history.go(from - target);
        setPending({ kind: 'history', to, delta: target - from });
      } else {
        window.history.pushState(hereState.current, '', here.current);
        setPending({ kind: 'history', to, delta: -1 });
      }
      return true;
    }
    document.addEventListener('click', onClick, true);
    setPopStateInterceptor(onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      setPopStateInterceptor(null);
    };
  }, []);

  function leave() {
    const move = pending;
    setPending(null);
    if (!move) return;
    if (move.kind === 'history') {
      letThrough.current = true;
      window.history.go(move.delta);
    } else {
      void navigate(move.to);
    }
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      title="Leave without saving?"
      message="Your latest changes are not saved yet. If you leave now, they are lost."
      confirmLabel="Leave"
      pending={false}
      onConfirm={leave}
      onClose={() => setPending(null)}
    />
  );
}
