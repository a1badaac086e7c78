import type { Note, NoteCreateBody, NotePatchBody, Paginated } from '@cw/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, asPage, nextPageParam } from '../../../lib/api-client';
import { noteKeys } from './keys';

export const NOTES_PAGE_SIZE = 20;

export async function listNotes(collection: number, page: number) {
  return asPage(
    await api.get<Paginated<Note> | Note[]>('/collections/notes/', {
      query: { collection, page, page_size: NOTES_PAGE_SIZE },
    }),
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
      api.post<Note>('/collections/notes/', { ...body, collection }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}

export function useUpdateNote(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: NotePatchBody }) =>
      api.patch<Note>(`/collections/notes/${id}/`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}

export function useDeleteNote(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/collections/notes/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(collection) }),
  });
}
