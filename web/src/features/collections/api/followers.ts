import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How many follow a collection by email (the owner's; docs/product.md, "Followers"). */
export function followerCountQueryOptions(collectionId: number) {
  return queryOptions({
    queryKey: ['collections', 'followers', collectionId] as const,
    queryFn: () => callApi('followers.count', { params: { id: collectionId } }),
    refetchInterval: 60_000,
  });
}

/**
 * The confirmed followers' addresses as a CSV file, saved by the browser (the answer is small:
 * one line an address).
 */
export async function downloadFollowers(collectionId: number, collectionName: string) {
  const csv = await callApi('followers.export', { params: { id: collectionId } });
  const url = URL.createObjectURL(new Blob([String(csv)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${collectionName.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'collection'} followers.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
