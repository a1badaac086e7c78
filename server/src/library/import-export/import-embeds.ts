/*
 * The embeds of an import's Markdown (`![[name]]`, `![alt](target)`), found by linear scans: an
 * import's text is anyone's (decision 186). Pure, as the plan that uses them (import-plan.ts).
 */

const isAddress = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/');

/**
 * For positions asked in increasing order, the first index at or after each whose character is
 * a stop (`text.length` when none): one pass over the text for a whole scan, where a pattern
 * such as `[^\]\n]+` tried at every `![` reads the rest of the line each time (the square of a
 * line's length). Asked out of order, it scans again: slower, never wrong.
 */
function stopFinder(text: string, isStop: (char: string) => boolean) {
  let from = -1;
  let found = -1;
  return (at: number): number => {
    if (at >= from && found >= at) return found;
    let index = at;
    while (index < text.length && !isStop(text[index]!)) index += 1;
    from = at;
    found = index;
    return index;
  };
}

const SPACE = /\s/;
const isSpace = (char: string | undefined) => char !== undefined && SPACE.test(char);

/**
 * Every `![[name]]`, `![[name|alias]]` and `![[name#part]]` of `text`, found in linear time:
 * `[start, end)` and the name as written.
 */
export function wikiEmbeds(text: string): { start: number; end: number; target: string }[] {
  const found: { start: number; end: number; target: string }[] = [];
  const nameEnd = stopFinder(text, (c) => c === ']' || c === '|' || c === '#' || c === '\n');
  const partEnd = stopFinder(text, (c) => c === ']' || c === '\n');
  for (let at = text.indexOf('![[', 0); at !== -1; at = text.indexOf('![[', at + 1)) {
    const nameFrom = at + 3;
    const stop = nameEnd(nameFrom);
    if (stop === nameFrom || stop >= text.length) continue;
    let close = stop;
    if (text[stop] === '|' || text[stop] === '#') close = partEnd(stop + 1);
    if (text[close] !== ']' || text[close + 1] !== ']') continue;
    found.push({ start: at, end: close + 2, target: text.slice(nameFrom, stop) });
    at = close + 1;
  }
  return found;
}

/**
 * Every `![alt](target)`, `![alt](<target>)` and `![alt](target "title")` of `text`, found in
 * linear time (the same embeds as the pattern
 * `!\[[^\]\n]*\]\(\s*<?([^)>\s]+)>?(?:\s+"[^"]*")?\s*\)`).
 */
export function linkEmbeds(text: string): { start: number; end: number; target: string }[] {
  const found: { start: number; end: number; target: string }[] = [];
  const altEnd = stopFinder(text, (c) => c === ']' || c === '\n');
  const targetEnd = stopFinder(text, (c) => c === ')' || c === '>' || SPACE.test(c));
  const quote = stopFinder(text, (c) => c === '"');
  const spacesFrom = (at: number) => {
    let index = at;
    while (isSpace(text[index])) index += 1;
    return index;
  };
  /** Where `\s*\)` starting at `at` ends, or -1. */
  const closing = (at: number) => {
    const index = spacesFrom(at);
    return text[index] === ')' ? index + 1 : -1;
  };
  for (let at = text.indexOf('![', 0); at !== -1; at = text.indexOf('![', at + 1)) {
    const alt = altEnd(at + 2);
    if (text[alt] !== ']' || text[alt + 1] !== '(') continue;
    const open = spacesFrom(alt + 2);
    let from = text[open] === '<' ? open + 1 : open;
    let stop = targetEnd(from);
    // `<` with nothing after it is the target itself (`![](<)`).
    if (stop === from && from !== open) {
      from = open;
      stop = targetEnd(from);
    }
    if (stop === from) continue;
    const after = text[stop] === '>' ? stop + 1 : stop;
    let end = -1;
    if (isSpace(text[after])) {
      const titleAt = spacesFrom(after);
      if (text[titleAt] === '"') {
        const titleEnd = quote(titleAt + 1);
        if (titleEnd < text.length) end = closing(titleEnd + 1);
      }
    }
    if (end === -1) end = closing(after);
    if (end === -1) continue;
    found.push({ start: at, end, target: text.slice(from, stop) });
    at = end - 1;
  }
  return found;
}

/** `text` with each embed found replaced by what `replace` answers for it. */
function replaceEmbeds(
  text: string,
  embeds: { start: number; end: number; target: string }[],
  replace: (target: string, written: string) => string,
): string {
  if (embeds.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (const embed of embeds) {
    parts.push(text.slice(last, embed.start));
    parts.push(replace(embed.target, text.slice(embed.start, embed.end)));
    last = embed.end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * The body with every embed that `resolve` finds (an attached file's archive path) written as
 * `![name]`, the file's name as stored (docs/api.md, "Import"): the web app cannot show a file
 * from the body (its bytes need the session's token), so the reference reads as the name of the
 * attachment under Files instead of a broken image. Embeds of nothing attached stay as written.
 * Both kinds are found by linear scans (wikiEmbeds, linkEmbeds): an import's text is anyone's.
 */
export function rewriteEmbeds(
  body: string,
  resolve: { wiki(name: string): string | undefined; link(target: string): string | undefined },
  nameOf: (entry: string) => string,
): { body: string; files: string[] } {
  const files = new Set<string>();
  const reference = (entry: string) => {
    files.add(entry);
    return `![${nameOf(entry).replace(/[[\]\\]/g, '\\$&')}]`;
  };
  const wikiDone = replaceEmbeds(body, wikiEmbeds(body), (name, written) => {
    const found = resolve.wiki(name.trim());
    return found ? reference(found) : written;
  });
  const rewritten = replaceEmbeds(wikiDone, linkEmbeds(wikiDone), (target, written) => {
    const found = isAddress(target) ? undefined : resolve.link(target);
    return found ? reference(found) : written;
  });
  return { body: rewritten, files: [...files] };
}
