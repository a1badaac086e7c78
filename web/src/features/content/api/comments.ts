import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Thread, ThreadCreateBody } from '@cw/contract';
import { ApiRequestError, callApi } from '../../../lib/api-client';

/**
 * Comments on an item (docs/api.md, "Comments"). The writing page shows every thread of the
 * item (open and resolved: "Show resolved" filters on screen), asked again now and then so
 * others' comments appear while one writes.
 */
export const commentKeys = {
  threads: (contentId: number) => ['comments', 'threads', contentId] as const,
  people: (contentId: number) => ['comments', 'people', contentId] as const,
};

/** The most threads the page shows (one page of the API's). */
const THREADS_SHOWN = 200;
const LIVE_MS = 10_000;

export const threadsQueryOptions = (contentId: number) =>
  queryOptions({
    queryKey: commentKeys.threads(contentId),
    queryFn: ({ signal }) =>
      callApi('comments.threads', {
        params: { id: contentId },
        query: { page: 1, page_size: THREADS_SHOWN },
        signal,
      }),
    refetchInterval: LIVE_MS,
  });

export const useThreads = (contentId: number, enabled = true) =>
  useQuery({ ...threadsQueryOptions(contentId), enabled });

/** The people who can read the item: the `@` list. */
export const usePeople = (contentId: number, enabled: boolean) =>
  useQuery({
    queryKey: commentKeys.people(contentId),
    queryFn: ({ signal }) =>
      callApi('comments.people', {
        params: { id: contentId },
        query: { page: 1, page_size: 200 },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a thread. A passage typed a moment ago may not have reached the server yet (its anchor
 * is then refused with a 400 on `anchor`): asked again twice, a second apart.
 */
async function startThread(contentId: number, body: ThreadCreateBody): Promise<Thread> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await callApi('comments.start', { params: { id: contentId }, body });
    } catch (error) {
      const notSaved = error instanceof ApiRequestError && error.fieldErrors.anchor !== undefined;
      if (!notSaved || attempt >= 2) throw error;
      await wait(1000);
    }
  }
}

export type CommentAction =
  | { kind: 'start'; body: ThreadCreateBody }
  | { kind: 'reply'; threadId: number; body: string }
  | { kind: 'resolve' | 'reopen'; threadId: number }
  | { kind: 'edit'; commentId: number; body: string }
  | { kind: 'delete'; commentId: number };

function perform(contentId: number, action: CommentAction): Promise<unknown> {
  switch (action.kind) {
    case 'start':
      return startThread(contentId, action.body);
    case 'reply':
      return callApi('comments.reply', {
        params: { id: contentId, thread_id: action.threadId },
        body: { body: action.body },
      });
    case 'resolve':
      return callApi('comments.resolve', { params: { id: contentId, thread_id: action.threadId } });
    case 'reopen':
      return callApi('comments.reopen', { params: { id: contentId, thread_id: action.threadId } });
    case 'edit':
      return callApi('comments.update', {
        params: { id: contentId, comment_id: action.commentId },
        body: { body: action.body },
      });
    case 'delete':
      return callApi('comments.remove', {
        params: { id: contentId, comment_id: action.commentId },
      });
  }
}

/** Every write of a comment or thread; the list is asked again after each. */
export function useCommentAction(contentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CommentAction) => perform(contentId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.threads(contentId) }),
  });
}
