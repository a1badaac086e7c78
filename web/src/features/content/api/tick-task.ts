import type { ContentItem } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { apiFetch, ApiRequestError } from '../../../lib/api-client';
import { setTask } from '../../../lib/task-lists';

/** The task shown is no longer in the text (someone changed or removed that line meanwhile). */
export class TaskMovedError extends Error {}

async function latest(id: number) {
  let etag: string | null = null;
  const item = await apiFetch<ContentItem>(pathOf('contents.get', { id }), {
    onHeaders: (headers) => {
      etag = headers.get('etag');
    },
  });
  return { item, etag: etag as string | null };
}

/**
 * Ticks one task of an item from its reading view (docs/decisions/216), through the REST update
 * the editor's fields save by: the item as it is now and its ETag, that one line's box changed,
 * then `PATCH {content}` with `If-Match`. The server applies it as a one-character edit of the
 * shared document, so anyone writing in it keeps their words. A 412 (the text changed between
 * the two calls) is tried once more on the newer text.
 */
export async function tickTask(
  id: number,
  shown: string,
  line: number,
  checked: boolean,
): Promise<ContentItem> {
  for (let attempt = 0; ; attempt += 1) {
    const { item, etag } = await latest(id);
    const next = setTask(item.content, shown, line, checked);
    if (next === null) throw new TaskMovedError();
    if (next === item.content) return item;
    try {
      return await apiFetch<ContentItem>(pathOf('contents.update', { id }), {
        method: 'PATCH',
        body: { content: next },
        headers: etag ? { 'If-Match': etag } : undefined,
      });
    } catch (error) {
      if (attempt === 0 && error instanceof ApiRequestError && error.status === 412) continue;
      throw error;
    }
  }
}
