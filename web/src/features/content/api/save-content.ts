import type { ContentCreateBody, ContentPatchBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';

export interface ContentValues {
  title: string;
  /** The text a new item starts with; afterwards the shared document carries it. */
  content: string;
  tags: number[];
  /** Ids of the user's collections the item sits in. */
  collections: number[];
  /** Ids of uploaded files to attach. */
  files: number[];
}

/**
 * docs/product.md, "Calls": {meta_data, title, content, user, tags, collections, files}; files are
 * ids uploaded beforehand.
 */
export function createContent(user: number, values: ContentValues) {
  const body: ContentCreateBody = { meta_data: {}, ...values, user };
  return callApi('contents.create', { body });
}

export function updateContent(id: number, values: ContentPatchBody) {
  return callApi('contents.update', { params: { id }, body: values });
}

export function useUpdateContent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ContentPatchBody) => updateContent(id, values),
    onSuccess: (item) => {
      queryClient.setQueryData(contentQueryOptions(id).queryKey, item);
      return queryClient.invalidateQueries({
        queryKey: contentKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
