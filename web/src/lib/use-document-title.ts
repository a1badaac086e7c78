import { useEffect } from 'react';

export const SITE_NAME = 'Creator Workspace';

/** "Season 2 · Collections · Creator Workspace": the parts, most specific first, then the site. */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), SITE_NAME].join(' · ');
}

/** Sets the tab's title while the page is shown: `useDocumentTitle('Season 2', 'Collections')`. */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
