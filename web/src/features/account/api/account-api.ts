import type { MessageAnswer, UpdatePasswordBody, UpdateProfileBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/api/current-user';

export const updateProfile = (body: UpdateProfileBody) => callApi('auth.updateProfile', { body });

/** The spec lets the answer leave out its message; the card then shows its own. */
export const updatePassword = (body: UpdatePasswordBody): Promise<Partial<MessageAnswer>> =>
  callApi('auth.updatePassword', { body });

/** PATCH the profile, then merge the answer into the signed-in user everywhere it is shown. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, (user) =>
        user ? { ...user, ...answer } : user,
      );
    },
  });
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
