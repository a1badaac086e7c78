import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, callApi, refreshSession } from '../api-client';
import { getAccessToken } from '../token-storage';

/** Query key of the signed-in user (loaded by the guard, updated by account settings). */
export const currentUserQueryKey = ['auth', 'current-user'] as const;

export function getUserDetails() {
  return callApi('auth.userDetails');
}

/**
 * What the guard runs on entry to the signed-in area: verify the stored access token (sent
 * without its Bearer prefix), then load the user. An expired access token gets one silent
 * refresh before giving up, so a returning user within the refresh token's life stays in;
 * when another tab stored a new token meanwhile, that one is used instead.
 */
export async function loadSession() {
  const token = getAccessToken();
  if (!token) throw new ApiRequestError(401, { message: 'Not signed in.' });
  try {
    await callApi('auth.verifyToken', { body: { token }, auth: false });
  } catch (error) {
    const expired = error instanceof ApiRequestError && error.status === 401;
    if (!expired) throw error;
    const replacedMeanwhile = (getAccessToken() ?? token) !== token;
    if (!replacedMeanwhile && !(await refreshSession())) throw error;
  }
  return getUserDetails();
}

/** The signed-in user, loaded once per session (account settings update it in place). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: loadSession,
    retry: false,
    staleTime: Infinity,
  });
}
