import type { MemberCreateBody, MemberRole } from '@cw/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import { announceLostAccess } from '../../../lib/collection-access';

/**
 * A collection's members (docs/api.md, "Sharing a collection (co-creators)"): only the Share
 * dialog shows them, so their keys, fetcher and query options live here with the mutations.
 */
const memberKeys = {
  all: ['members'] as const,
  list: (collection: number) => ['members', collection] as const,
};

function listMembers(collection: number) {
  return callApi('members.list', { params: { id: collection } });
}

function membersQueryOptions(collection: number) {
  return queryOptions({
    queryKey: memberKeys.list(collection),
    queryFn: () => listMembers(collection),
  });
}

/** Who can see the collection: the owner first; pending invitations for the owner only. */
export function useMembers(collection: number, enabled = true) {
  return useQuery({ ...membersQueryOptions(collection), enabled });
}

/** After a change of members: the list, and the collection's count and avatars. */
function useRefreshMembers(collection: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.list(collection) }),
      queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
    ]);
}

/**
 * Shares the collection by email (mails an invitation; one per address per 30 s, 429 before);
 * answers the pending member.
 */
export function useInviteMember(collection: number) {
  const refresh = useRefreshMembers(collection);
  return useMutation({
    mutationFn: (body: MemberCreateBody) =>
      callApi('members.invite', { params: { id: collection }, body }),
    onSuccess: refresh,
  });
}

export function useChangeMemberRole(collection: number) {
  const refresh = useRefreshMembers(collection);
  return useMutation({
    mutationFn: ({ member, role }: { member: number; role: MemberRole }) =>
      callApi('members.update', {
        params: { id: collection, member_id: member },
        body: { role },
      }),
    onSuccess: refresh,
  });
}

/** The owner removes a member or revokes an invitation; a member removes themself (leaves). */
export function useRemoveMember(collection: number) {
  const refresh = useRefreshMembers(collection);
  return useMutation({
    mutationFn: (member: number) =>
      callApi('members.remove', { params: { id: collection, member_id: member } }),
    onSuccess: refresh,
  });
}

/** Mails a pending invitation again (one invitation mail per address per 30 s: 429 before). */
export function useResendInvitation(collection: number) {
  const refresh = useRefreshMembers(collection);
  return useMutation({
    mutationFn: (member: number) =>
      callApi('members.resend', { params: { id: collection, member_id: member } }),
    onSuccess: refresh,
  });
}

/**
 * Leaves a collection shared with the caller. Its page is not asked again now (it answers 404
 * from here on); only marked stale, so coming back to it later says access has ended. The
 * person's other open tabs are told at once (they ask their page again, and leave it).
 */
export function useLeaveCollection(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: number) =>
      callApi('members.remove', { params: { id: collection, member_id: member } }),
    onSuccess: () => {
      announceLostAccess();
      void queryClient.invalidateQueries({
        queryKey: collectionKeys.detail(collection),
        refetchType: 'none',
      });
      return queryClient.invalidateQueries({
        queryKey: collectionKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
