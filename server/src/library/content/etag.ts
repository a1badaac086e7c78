import { createHash } from 'node:crypto';
import type { ContentItem } from '@cw/contract';
import { AppError } from '../../http/errors';

/**
 * The ETag of a content item (docs/api.md, "Writing together"): a hash of what a save could
 * overwrite (its title and text) and of when it last changed.
 */
export function etagOf(item: Pick<ContentItem, 'id' | 'title' | 'content' | 'updated_on'>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([item.id, item.updated_on, item.title, item.content]))
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
}

/** Whether an If-Match header names `etag`: `*`, or one of its tags (weak or strong). */
export function sameEtag(ifMatch: string, etag: string): boolean {
  return ifMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A PATCH whose If-Match is not the item's ETag: nothing changed; the item as it is now. */
export const preconditionFailed = (current: ContentItem) =>
  new AppError(
    412,
    'precondition_failed',
    'The item changed since you loaded it.',
    undefined,
    undefined,
    { current },
  );
