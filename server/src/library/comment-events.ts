import { splitMentions } from '@cw/contract/mentions';
import type { CommentWritten, OnCommentWritten } from './comments/comments.service';
import type { LibraryRepositories } from './library-store';

/** How much of a comment a notification shows. */
const EXCERPT_CHARS = 140;

/** A comment's body as one line of plain text, mentions as @Name, cut at EXCERPT_CHARS. */
export function commentExcerpt(body: string): string {
  const text = splitMentions(body)
    .map((part) => ('mention' in part ? `@${part.mention.name}` : part.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;
}

/**
 * What a comment tells others, in the comment's transaction (docs/api.md, "Notifications",
 * "Activity of a collection"; decisions 221, 225): a new comment or reply is a `comment` entry in
 * the activity of each of the item's collections; each person is told once per comment, by the
 * closest reason: mentioned, then a reply in a thread they wrote in, then a comment on their
 * item. An edit tells only the people it newly mentions. Nobody is told of their own comment.
 */
export const recordComment =
  (now: () => Date): OnCommentWritten =>
  async (repos: LibraryRepositories, event: CommentWritten) => {
    const at = now();
    const author = { userId: event.authorId, sessionFamilyId: undefined };
    const item = await repos.contents.find(author, event.contentId);
    if (!item) return;
    const about = {
      actorId: event.authorId,
      contentId: item.id,
      contentTitle: item.title,
      commentId: event.commentId,
      excerpt: commentExcerpt(event.body),
      at,
    };
    const told = new Set<number>([event.authorId]);
    const tell = async (kind: 'mention' | 'reply' | 'comment', people: number[]) => {
      for (const recipientId of people) {
        if (told.has(recipientId)) continue;
        told.add(recipientId);
        await repos.notifications.notify({ ...about, kind, recipientId });
      }
    };
    await tell('mention', event.newlyMentioned);
    if (event.kind === 'edited') return;
    // Mentioned before an edit and again now: already told by the first writing.
    for (const person of event.mentioned) told.add(person);
    if (event.kind === 'replied') await tell('reply', event.threadAuthors);
    await tell('comment', [item.userId]);
    await repos.activity.recordForItem({
      actorId: event.authorId,
      contentId: item.id,
      contentTitle: item.title,
      kind: 'comment',
      at,
    });
  };
