import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collectionKeys, collectionQueryOptions } from '../../../lib/api/collections';
import {
  acceptInvitation,
  invitationKeys,
  invitationQueryOptions,
} from '../../../lib/api/invitations';
import { currentUserQueryOptions } from '../../../lib/api/current-user';

/** What the link offers (public: no sign-in needed). */
export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/** The signed-in person, when this browser holds a session (`enabled`). */
export function useSignedInUser(enabled: boolean) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}

/** Accepts; the collection answered becomes its cached page, and the lists refresh. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionQueryOptions(collection.id).queryKey, collection);
      queryClient.removeQueries({ queryKey: invitationKeys.detail(token) });
      return queryClient.invalidateQueries({
        queryKey: collectionKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
