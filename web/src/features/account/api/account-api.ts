import type {
  MessageAnswer,
  UpdatePasswordBody,
  UpdateProfileAnswer,
  UpdateProfileBody,
  User,
} from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export const updateProfile = (body: UpdateProfileBody) =>
  api.patch<UpdateProfileAnswer>('/auth/update-profile/', body);

export const updatePassword = (body: UpdatePasswordBody) =>
  api.post<Partial<MessageAnswer>>('/auth/update-password/', body);

/** PATCH the profile, then merge the answer into the signed-in user everywhere it is shown. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData<User>(currentUserQueryKey, (user) =>
        user ? { ...user, ...answer } : user,
      );
    },
  });
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
