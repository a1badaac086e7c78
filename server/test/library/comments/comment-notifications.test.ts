import { describe, expect, it } from 'vitest';
import type { Activity, Collection, ContentItem, Notification, Paginated } from '@cw/contract';
import { commentExcerpt } from '../../../src/library/comment-events';
import { useTestApp, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/**
 * What a comment tells others (docs/api.md, "Notifications"; decisions 221, 225): each person
 * once per comment, by the closest reason (mentioned, a reply in their thread, a comment on
 * their item), and a `comment` entry in the collection's activity, on both databases.
 */
const app = useTestApp();

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: <U>() => U }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<T>();
}

const COMMENT_KINDS = new Set(['mention', 'reply', 'comment']);

/** The person's notifications about comments (the invitation's own entry left out), newest first. */
const kindsOf = async (caller: Caller) =>
  (await ok<Paginated<Notification>>(caller.get('/api/notifications/'))).results
    .filter((entry) => COMMENT_KINDS.has(entry.kind))
    .map((entry) => [entry.kind, entry.excerpt]);

describe('comments tell the people concerned', () => {
  it('mentions, replies and comments on one’s item, each person once, never the writer', async () => {
    const { ctx, alice: owner, bob: editor } = app;
    const collection = await ok<Collection>(
      owner.post('/api/collections/list/', { name: 'Season' }),
    );
    await share(ctx, owner, collection.id, editor, 'editor');
    const item = await ok<ContentItem>(
      owner.post('/api/collections/contents-list/', {
        title: 'Episode',
        content: 'Intro.',
        collections: [collection.id],
      }),
    );
    const threads = `/api/collections/contents-list/${item.id}/threads/`;

    // The editor mentions the owner: one mention, not also "a comment on your item".
    const thread = await ok<{ id: number }>(
      editor.post(threads, { body: `@[${owner.firstName}](user:${owner.id}) sponsor read here?` }),
    );
    expect(await kindsOf(owner)).toEqual([['mention', `@${owner.firstName} sponsor read here?`]]);
    // The owner replies: the editor hears of a reply in their thread; the owner of nothing.
    await ok(owner.post(`${threads}${thread.id}/comments/`, { body: 'Yes, after the intro.' }));
    expect(await kindsOf(editor)).toEqual([['reply', 'Yes, after the intro.']]);
    expect(await kindsOf(owner)).toHaveLength(1);
    // A new thread without a mention: the owner hears of a comment on their item.
    await ok(editor.post(threads, { body: 'Whole item: tighten the outro.' }));
    expect((await kindsOf(owner))[0]).toEqual(['comment', 'Whole item: tighten the outro.']);

    const activity = await ok<Paginated<Activity>>(
      owner.get(`/api/collections/list/${collection.id}/activity/`),
    );
    expect(activity.results.filter((entry) => entry.kind === 'comment')).toHaveLength(3);
  });

  it('shows a comment as one line of text, mentions by name, cut at 140 characters', () => {
    expect(commentExcerpt('See @[Ada](user:4)\n\n  about   this')).toBe('See @Ada about this');
    const long = commentExcerpt('word '.repeat(60));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});
