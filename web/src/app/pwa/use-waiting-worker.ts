import { useCallback, useEffect, useState } from 'react';

/** How often an open app asks for a new version (browsers also ask on each navigation). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * A new version of the service worker, installed and waiting for the open pages to let go —
 * and `activate`, which lets it take over and reloads the page once it has. Null when no new
 * version waits (or the browser has no service workers).
 */
export function useWaitingWorker(): { waiting: boolean; activate: () => void } {
  const [worker, setWorker] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (!registration || stopped) return;
      const check = () => {
        // The first install has no page to replace: only an update waits for a reload.
        if (!stopped && registration.waiting && navigator.serviceWorker.controller) {
          setWorker(registration.waiting);
        }
      };
      check();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') check();
        });
      });
      timer = setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const activate = useCallback(() => {
    if (!worker) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    // Workbox's generated worker skips waiting when asked so.
    worker.postMessage({ type: 'SKIP_WAITING' });
  }, [worker]);

  return { waiting: worker !== null, activate };
}
