/**
 * The first `popstate` listener of the page. Chromium calls a window's listeners in the order
 * they were added, capture or not, so a guard that must run before the router's own listener
 * has to be added before the router mounts: `main.tsx` imports this module first. The
 * signed-in area's `LeaveGuard` sets the interceptor; when it answers true, the router never
 * hears of the move. Tiny on purpose: it is part of the landing page's script.
 */
type Interceptor = (event: PopStateEvent) => boolean;

let interceptor: Interceptor | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (interceptor?.(event)) event.stopImmediatePropagation();
  });
}

/** Sets (or, with null, removes) what decides whether a back/forward move is held back. */
export function setPopStateInterceptor(next: Interceptor | null): void {
  interceptor = next;
}
