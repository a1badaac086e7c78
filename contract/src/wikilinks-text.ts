/**
 * Links between items (docs/api.md, "Links between items"; decision 211): `[[Title]]` or
 * `[[Title|shown text]]` in an item's text. The text keeps them as written; the server keeps a
 * table of them (source item → written target text → target item), and the renderers turn them
 * into links through a resolver (`markdown-wikilinks.ts`). No zod here: the web's markdown
 * and editor chunks load this file at run time (`@cw/contract/wikilinks`).
 */

/** The longest target text a link may have (a title is at most 255; more is not a link). */
export const LINK_TEXT_MAX = 255;
/** The most distinct link targets kept for one item; links past these show as missing. */
export const LINKS_PER_ITEM = 500;

/**
 * `[[target]]` or `[[target|shown]]` on one line. Linear: each `[[` reads at most to the next
 * bracket or line end, and a bracket ends the scan of the one before (server/test/linear-time.test.ts).
 */
const WIKILINK = /\[\[([^[\]\n|]{1,255})(?:\|([^[\]\n]{0,255}))?\]\]/g;

export interface WrittenLink {
  /** The target as written (`Title` of `[[Title|shown]]`). */
  target: string;
  /** What to show: the shown text when one is written, else undefined (show the title). */
  shown: string | undefined;
  /** Where `[[` starts and where `]]` ends in the text. */
  start: number;
  end: number;
}

/**
 * The key a link's target is kept and matched by: trimmed and in lower case (titles match
 * case-insensitively). The same function on both sides: the server stores it, the web looks
 * links up by it.
 */
export function normaliseLinkText(target: string): string {
  return target.trim().toLowerCase();
}

/** Every `[[…]]` of `text`, in order (a blank target is no link). */
export function wikilinksIn(text: string): WrittenLink[] {
  const found: WrittenLink[] = [];
  if (!text.includes('[[')) return found;
  for (const match of text.matchAll(WIKILINK)) {
    const target = match[1]!;
    if (target.trim() === '') continue;
    const shown = match[2]?.trim();
    found.push({
      target,
      shown: shown ? shown : undefined,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return found;
}

/** The distinct normalised targets of `text`, in order of first use, at most LINKS_PER_ITEM. */
export function linkTargetsOf(text: string): string[] {
  const targets = new Set<string>();
  for (const link of wikilinksIn(text)) {
    targets.add(normaliseLinkText(link.target));
    if (targets.size >= LINKS_PER_ITEM) break;
  }
  return [...targets];
}

/**
 * `text` with each `[[…]]` as what it shows: the shown text, else the written title (the
 * teleprompter reads links as words; decision 211).
 */
export function wikilinksAsText(text: string): string {
  if (!text.includes('[[')) return text;
  let out = '';
  let last = 0;
  for (const link of wikilinksIn(text)) {
    out += text.slice(last, link.start) + (link.shown ?? link.target.trim());
    last = link.end;
  }
  return out + text.slice(last);
}
