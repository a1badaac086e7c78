import { Button } from './button';

/** Under a paged list: how many are shown, and a button for the next page while there is one. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
  error,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  error?: boolean;
}) {
  if (!hasMore && total <= shown) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-xs text-slate-500">
        Showing {shown} of {total}
      </p>
      {hasMore && (
        <Button variant="secondary" loading={loading} onClick={onLoadMore}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          Could not load more. Please try again.
        </p>
      )}
    </div>
  );
}
