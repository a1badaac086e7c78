import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** Query keys of invitation links (`/invitations/{token}`). */
export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (token: string) => ['invitations', token] as const,
};

/** What an invitation offers; public (no sign-in). Unknown, used or expired: 404. */
export function getInvitation(token: string) {
  return callApi('invitations.get', { params: { token }, auth: false });
}

/** Accepts as the signed-in person; answers the collection. */
export function acceptInvitation(token: string) {
  return callApi('invitations.accept', { params: { token } });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(token),
    queryFn: () => getInvitation(token),
    staleTime: Infinity,
  });
}
