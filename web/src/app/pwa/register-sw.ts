/**
 * Starts the service worker after the page has loaded, in built apps only (docs/operations.md,
 * "The service worker"). Kept to a few bytes: the landing page loads it, within its JS budget;
 * the update prompt lives in the signed-in layout's chunk (update-prompt.tsx).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked origin): the app works online as before.
    });
  });
}
