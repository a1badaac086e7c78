import { formatCount } from '../lib/format';
import { Button } from './button';

/** The paging state of an infinite list (TanStack Query's infinite query). */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a paged list: how many are shown of how many there are, a button for the next page
 * while there is one, and a line when that page failed.
 */
export function LoadMore({
  shown,
  total,
  pages,
  estimated = false,
}: {
  shown: number;
  total: number;
  pages: Pages;
  /** `total` is the server's estimate (a search past its exact count): said as "about". */
  estimated?: boolean;
}) {
  // Every page is here: nothing more to say (an estimate may have promised more than there was).
  if (!pages.hasNextPage) return null;
  // A count asked before rows were added can be lower than what is shown.
  const count = Math.max(total, shown);
  const loading = pages.isFetchingNextPage;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-xs text-slate-500">
        {`Showing ${formatCount(shown)} of ${estimated ? 'about ' : ''}${formatCount(count)}`}
      </p>
      {pages.hasNextPage && (
        <Button variant="secondary" loading={loading} onClick={() => void pages.fetchNextPage()}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-600">
          Could not load more. Please try again.
        </p>
      )}
    </div>
  );
}
