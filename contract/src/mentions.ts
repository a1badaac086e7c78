/**
 * Mentions in a comment's body (docs/api.md, "Comments"): `@[Name](user:ID)`, written by the
 * comment box when a person is picked from the `@` list. The name is what readers see; the id is
 * who is mentioned. No zod here: the web app renders bodies with it.
 */

/** Longest name a mention token carries. */
export const MENTION_NAME_MAX = 100;

// Bounded name, no nesting: one pass over the text whatever it holds (decision 186).
const MENTION = /@\[([^\]\n[]{1,100})\]\(user:([1-9]\d{0,9})\)/g;

/** The token that mentions person `id` named `name` (brackets and newlines left out of the name). */
export const mentionToken = (id: number, name: string): string =>
  `@[${
    name
      .replace(/[[\]\n]/g, ' ')
      .slice(0, MENTION_NAME_MAX)
      .trim() || 'someone'
  }](user:${id})`;

export type BodyPart = { text: string } | { mention: { id: number; name: string } };

/** A body as text and mentions, in order. */
export function splitMentions(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ mention: { id: Number(match[2]), name: match[1] ?? '' } });
    last = start + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/** The distinct ids a body mentions, in order of first mention. */
export function mentionedIdsIn(body: string): number[] {
  const ids = new Set<number>();
  for (const part of splitMentions(body)) if ('mention' in part) ids.add(part.mention.id);
  return [...ids];
}
