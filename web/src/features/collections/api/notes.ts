import type { NoteCreateBody, NotePatchBody } from '@cw/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../../../lib/api-client';

/** Notes live inside one collection; only this feature shows them. */
export const noteKeys = {
  all: ['notes'] as const,
  list: (collection: number) => ['notes', collection] as const,
};

export const NOTES_PAGE_SIZE = 20;

export async function listNotes(collection: number, page: number) {
  return asPage(
    await callApi('notes.list', { query: { collection, page, page_size: NOTES_PAGE_SIZE } }),
  );
}

/** The collection's notes, newest first, a page at a time. */
export function useNotes(collection: number) {
  return useInfiniteQuery({
    queryKey: noteKeys.list(collection),
    queryFn: ({ pageParam }) => listNotes(collection, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useCreateNote(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<NoteCreateBody, 'collection'>) =>
      callApi('notes.create', { body: { ...body, collection } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}

export function useUpdateNote(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: NotePatchBody }) =>
      callApi('notes.update', { params: { id }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}

export function useDeleteNote(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('notes.remove', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}
