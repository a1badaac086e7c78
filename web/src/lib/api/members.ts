import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';

/**
 * Query keys of a collection's members (docs/api.md, "Sharing"): the owner first, then the
 * people it is shared with; pending invitations are listed to the owner only.
 */
export const memberKeys = {
  all: ['members'] as const,
  list: (collection: number) => ['members', collection] as const,
};

export function listMembers(collection: number) {
  return callApi('members.list', { params: { id: collection } });
}

/** Who can see the collection (and, for its owner, who has been invited). */
export function membersQueryOptions(collection: number) {
  return queryOptions({
    queryKey: memberKeys.list(collection),
    queryFn: () => listMembers(collection),
  });
}
