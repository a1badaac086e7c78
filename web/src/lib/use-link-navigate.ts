import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A click handler for the app's always-visible links (sidebar, logo). React Router's `Link`
 * replaces the history entry instead of pushing one when its target equals the location it was
 * rendered with. While a lazy page is still loading, the screen (and that location) is still the
 * previous page's, so a quick click on the previous page's own link replaced the new entry and
 * Back skipped a page. This decides from the address bar, which is always current.
 */
export function useLinkNavigate(): (event: MouseEvent<HTMLAnchorElement>, to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (event, to) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}`;
      void navigate(to, { replace: here === to });
    },
    [navigate],
  );
}
