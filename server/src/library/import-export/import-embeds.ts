import { pathOf } from '@cw/contract';
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

/**
 * Every `[[name]]`, `[[name|alias]]` and `[[name#part]]` of `text` that is not an embed (no `!`
 * before it), found in linear time: `[start, end)`, the name and the alias (undefined: none).
 */
export function wikiLinks(
  text: string,
): { start: number; end: number; target: string; alias: string | undefined }[] {
  const found: { start: number; end: number; target: string; alias: string | undefined }[] = [];
  const nameEnd = stopFinder(text, (c) => c === ']' || c === '|' || c === '#' || c === '\n');
  const partEnd = stopFinder(text, (c) => c === ']' || c === '|' || c === '\n');
  const aliasEnd = stopFinder(text, (c) => c === ']' || c === '\n');
  for (let at = text.indexOf('[[', 0); at !== -1; at = text.indexOf('[[', at + 1)) {
    if (text[at - 1] === '!') continue;
    const nameFrom = at + 2;
    const stop = nameEnd(nameFrom);
    if (stop === nameFrom || stop >= text.length) continue;
    let close = stop;
    if (text[close] === '#') close = partEnd(close + 1);
    let alias: string | undefined;
    if (text[close] === '|') {
      const end = aliasEnd(close + 1);
      alias = text.slice(close + 1, end);
      close = end;
    }
    if (text[close] !== ']' || text[close + 1] !== ']') continue;
    found.push({ start: at, end: close + 2, target: text.slice(nameFrom, stop), alias });
    at = close + 1;
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

/** Where a file's id goes in an imported text: `at` in the text, the file's archive path. */
export interface FileSlot {
  at: number;
  entry: string;
  /** What stood there (an export's old id): written back when the import made no such file. */
  written?: string;
}

/** The files route of the contract (`files.download`), before and after the file's id. */
const [DOWNLOAD_BEFORE = '', DOWNLOAD_AFTER = ''] = pathOf('files.download', {
  id: 'ID',
}).split('ID');
export { DOWNLOAD_BEFORE, DOWNLOAD_AFTER };

const IMAGE = /\.(png|jpe?g|gif|webp|svg|avif|bmp)$/i;
/** Stands for a file's id until the ids are known; the text has none (`clean` drops NUL). */
const SLOT = '\u0000';

const escapeText = (text: string) => text.replace(/[[\]\\]/g, '\\$&');

/** What resolves a vault's references: attached files (their archive paths) and notes (titles). */
export interface VaultResolver {
  /** `![[name]]`: the attached file's archive path. */
  file(name: string): string | undefined;
  /** `![alt](target)`: the attached file's archive path. */
  link(target: string): string | undefined;
  /** `[[name]]` or `![[name]]` of a note: the title of the item imported for it. */
  note(name: string): string | undefined;
}

/**
 * A vault note's body in the room's markdown (docs/api.md, "Import"; decision 218):
 * - `![[x.png]]` (any `|size` or `#part` dropped) and `![alt](relative/x.png)` of an attached
 *   file: `![alt](/api/collections/files/ID/download/)` (alt: the file's name without its
 *   extension when none is written), a link `[name](…)` for a file that is not an image. The ids
 *   are not known yet: the text has no id there, and `slots` say where each goes.
 * - `![[note]]` (an embedded note) and `[[note]]`, `[[folder/note]]`, `[[note#heading]]`,
 *   `[[note|alias]]` of a note in the vault: `[[Title]]` or `[[Title|alias]]`, the title of the
 *   item made for that note. Links to nothing in the vault keep their target as written.
 * - Everything else, callouts included, as written.
 * Every reference is found by a linear scan (wikiEmbeds, wikiLinks, linkEmbeds): an import's
 * text is anyone's (decision 186). `body` must have no NUL (`clean` first).
 */
export function rewriteVaultText(
  body: string,
  resolve: VaultResolver,
  nameOf: (entry: string) => string,
): { body: string; files: string[]; slots: FileSlot[] } {
  const files = new Set<string>();
  const entries: string[] = [];
  const fileReference = (entry: string, alt: string | undefined) => {
    files.add(entry);
    entries.push(entry);
    const name = nameOf(entry);
    const shown = escapeText(alt?.trim() || name.replace(/\.[^.]*$/, '') || name);
    const address = `${DOWNLOAD_BEFORE}${SLOT}${entries.length - 1}${SLOT}${DOWNLOAD_AFTER}`;
    return IMAGE.test(name) ? `![${shown}](${address})` : `[${shown}](${address})`;
  };
  const noteLink = (title: string, alias: string | undefined) =>
    alias === undefined || alias.trim() === '' || alias === title
      ? `[[${title}]]`
      : `[[${title}|${alias}]]`;

  const embedsDone = replaceEmbeds(body, wikiEmbeds(body), (name, written) => {
    const file = resolve.file(name.trim());
    if (file) return fileReference(file, undefined);
    const title = resolve.note(name.trim());
    return title === undefined ? written : noteLink(title, undefined);
  });
  const linksDone = replaceWikiLinks(embedsDone, (target, alias, written) => {
    const title = resolve.note(target.trim());
    return title === undefined ? written : noteLink(title, alias);
  });
  const altOf = (written: string) => {
    const close = written.indexOf('](');
    return close > 2 ? written.slice(2, close) : undefined;
  };
  const rewritten = replaceEmbeds(linksDone, linkEmbeds(linksDone), (target, written) => {
    if (isAddress(target)) return written;
    const found = resolve.link(target);
    return found ? fileReference(found, altOf(written)) : written;
  });
  return { ...takeSlots(rewritten, entries), files: [...files] };
}

function replaceWikiLinks(
  text: string,
  replace: (target: string, alias: string | undefined, written: string) => string,
): string {
  const links = wikiLinks(text);
  if (links.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (const link of links) {
    parts.push(text.slice(last, link.start));
    parts.push(replace(link.target, link.alias, text.slice(link.start, link.end)));
    last = link.end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** The text without its slot marks (`\0N\0`), and where each mark was, with its file. */
function takeSlots(text: string, entries: string[]): { body: string; slots: FileSlot[] } {
  const slots: FileSlot[] = [];
  if (entries.length === 0) return { body: text, slots };
  const parts: string[] = [];
  let length = 0;
  let last = 0;
  for (let at = text.indexOf(SLOT); at !== -1; at = text.indexOf(SLOT, last)) {
    const end = text.indexOf(SLOT, at + 1);
    if (end === -1) break;
    parts.push(text.slice(last, at));
    length += at - last;
    slots.push({ at: length, entry: entries[Number(text.slice(at + 1, end))]! });
    last = end + 1;
  }
  parts.push(text.slice(last));
  return { body: parts.join(''), slots };
}

/** `text` with each slot's file id written in (slots in increasing order of `at`). */
export function fillSlots(text: string, slots: { at: number; id: number | string }[]): string {
  const parts: string[] = [];
  let last = 0;
  for (const slot of slots) {
    if (slot.at > text.length) break;
    parts.push(text.slice(last, slot.at), String(slot.id));
    last = slot.at;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * An exported text's own file addresses (`/api/collections/files/{id}/download/` of a file in
 * the archive, `files/{id}-name`) with their ids left out and `slots` saying where the ids of the
 * files the import makes go: images and links of an export come back to its files (decision
 * 218). Addresses of files not in the archive stay as written. One pass with `indexOf`.
 */
export function relinkExportText(
  body: string,
  entryOfId: ReadonlyMap<string, string>,
): { body: string; slots: FileSlot[] } {
  const slots: FileSlot[] = [];
  const parts: string[] = [];
  let length = 0;
  let last = 0;
  for (
    let at = body.indexOf(DOWNLOAD_BEFORE);
    at !== -1;
    at = body.indexOf(DOWNLOAD_BEFORE, at + 1)
  ) {
    const from = at + DOWNLOAD_BEFORE.length;
    let end = from;
    while (end < body.length && end - from < 16 && body[end]! >= '0' && body[end]! <= '9') end += 1;
    if (end === from || !body.startsWith(DOWNLOAD_AFTER, end)) continue;
    const entry = entryOfId.get(body.slice(from, end));
    if (entry === undefined) continue;
    parts.push(body.slice(last, from));
    length += from - last;
    slots.push({ at: length, entry, written: body.slice(from, end) });
    last = end;
  }
  parts.push(body.slice(last));
  return { body: parts.join(''), slots };
}
