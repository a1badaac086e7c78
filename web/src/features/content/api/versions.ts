import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';

/**
 * Versions of a content item (docs/api.md, "Versions"). Keys sit under `contentKeys.all`, so a
 * save anywhere (which may keep a version) refreshes the History too.
 */
export const versionKeys = {
  list: (contentId: number) => ['contents', 'versions', contentId] as const,
  detail: (contentId: number, versionId: number) =>
    ['contents', 'versions', contentId, versionId] as const,
};

/** An item keeps at most 200 versions: one page holds them all. */
const ALL_VERSIONS = 200;

export const versionsQueryOptions = (contentId: number) =>
  queryOptions({
    queryKey: versionKeys.list(contentId),
    queryFn: ({ signal }) =>
      callApi('versions.list', {
        params: { id: contentId },
        query: { page: 1, page_size: ALL_VERSIONS },
        signal,
      }),
  });

export const versionQueryOptions = (contentId: number, versionId: number) =>
  queryOptions({
    queryKey: versionKeys.detail(contentId, versionId),
    queryFn: ({ signal }) =>
      callApi('versions.get', { params: { id: contentId, vid: versionId }, signal }),
    // A version never changes once kept.
    staleTime: Infinity,
  });

export function useSaveVersion(contentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      callApi('versions.create', { params: { id: contentId }, body: { label: label || null } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.list(contentId) }),
  });
}

/** Restore: the item comes back with the version's text; lists and History follow. */
export function useRestoreVersion(contentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) =>
      callApi('versions.restore', { params: { id: contentId, vid: versionId } }),
    onSuccess: (item) => {
      queryClient.setQueryData(contentQueryOptions(contentId).queryKey, item);
      return queryClient.invalidateQueries({
        queryKey: contentKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/**
 * "Update public page" (decision 229): the item's current text becomes what its public pages
 * show; the item comes back with its new `published_version`.
 */
export function usePublishContent(contentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('contents.publish', { params: { id: contentId } }),
    onSuccess: (item) => {
      queryClient.setQueryData(contentQueryOptions(contentId).queryKey, item);
      return queryClient.invalidateQueries({ queryKey: versionKeys.list(contentId) });
    },
  });
}
