import type { TemplateCreateBody, TemplateUseBody } from '@cw/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { contentKeys } from './contents';

/** Templates (docs/api.md, "Templates"): the built-in ones and the person's own. */
export const templateKeys = { all: ['templates'] as const };

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.all,
    queryFn: ({ signal }) => callApi('templates.list', { signal }),
    staleTime: 60_000,
  });

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateCreateBody) => callApi('templates.create', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('templates.remove', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** A new item from a template; the lists it joins are refreshed. */
export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TemplateUseBody & { id: string }) =>
      callApi('templates.use', { params: { id }, body }),
    // Not awaited: the lists refresh while the new item opens, and a first-run dashboard that
    // the new item fills may unmount the picker before its own onSuccess would run.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
