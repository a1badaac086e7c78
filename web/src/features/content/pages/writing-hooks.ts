import type { ContentPatchBody } from '@cw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/format';
import { usePickerCollections } from '../api/list-collections';
import { updateContent } from '../api/save-content';
import { presenceColor } from '../collab/collab-session';

/** What both ways into the writing page (a new script, an item) need from around the form. */

/** Saves an item's fields (never its text) and refreshes the lists that show them. */
export function useFieldSaver() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number, body: ContentPatchBody) => {
      const item = await updateContent(id, body);
      queryClient.setQueryData(contentQueryOptions(id).queryKey, item);
      void queryClient.invalidateQueries({
        queryKey: contentKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
    [queryClient],
  );
}

/**
 * The tag and collection pickers' lists and the tag maker, as the form takes them (`props`; a
 * failed tag load gives an empty list: docs/product.md, "Error catalogue"), and the collections'
 * query itself.
 */
export function usePickers(user: number) {
  const tags = useAllTags(user);
  const collections = usePickerCollections(user);
  const createTag = useCreateTag(user);
  const props = {
    tags: tags.data ?? [],
    tagsLoading: tags.isPending,
    collections: collections.data ?? [],
    collectionsLoading: collections.isPending,
    onCreateTag: (name: string) => createTag.mutateAsync(name),
  };
  return { props, collections };
}

/** The signed-in person as the others writing along see them (name and colour). */
export function usePresence() {
  const user = useCurrentUser();
  return { id: user.id, name: fullName(user) || user.email, ...presenceColor(user.id) };
}
