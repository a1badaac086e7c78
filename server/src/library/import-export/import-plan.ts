import path from 'node:path/posix';
import { parse as parseYaml } from 'yaml';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  CONTENT_BODY_MAX,
  CONTENT_STATUSES,
  CONTENT_TITLE_MAX,
  FILE_NAME_MAX,
  NOTE_CONTENT_MAX,
  NOTE_TITLE_MAX,
  TAG_NAME_MAX,
} from '@cw/contract';
import { EXPORT_FORMAT } from './export-format';

/**
 * What an import makes, read from the archive's entry names and Markdown texts before anything
 * is written (docs/api.md, "Import"; decision 134). Pure: the archive is read by the caller.
 *
 * - **This product's export** (`manifest.json` with our format): collections with their notes
 *   and files, content items with their tags, collections, status, dates and files.
 * - **An Obsidian vault** (zipped): each folder a collection (named by its path inside the
 *   vault, `Parent / Child`), each `.md` a content item in its folder's collection; front
 *   matter `tags` and inline `#tags` become tags; attachments it embeds (`![[x.png]]`,
 *   `![](x.png)`) become its files, and the embeds read `![x.png]` (rewriteEmbeds).
 * - **A Notion "Markdown & CSV" export**: the same, with Notion's 32-hex-digit suffixes dropped
 *   from names and the page's `Tags:` property as tags; its CSV tables are skipped.
 */

export type ImportFormat = 'export' | 'obsidian' | 'notion';

export interface PlannedCollection {
  key: string;
  name: string;
  description: string;
  tags: string[];
  isActive: boolean;
  isPublic: boolean;
  /** Archive paths of its own files. */
  files: string[];
}

export interface PlannedNote {
  collectionKey: string;
  title: string;
  content: string;
  tags: string[];
}

export interface PlannedContent {
  path: string;
  title: string;
  content: string;
  tags: string[];
  collectionKeys: string[];
  status: string | undefined;
  publishOn: string | null;
  isPublic: boolean;
  /** Archive paths of its files. */
  files: string[];
  /** Its words, counted where the plan is made (the import's worker thread). */
  wordCount?: number;
}

export interface ImportPlan {
  format: ImportFormat;
  collections: PlannedCollection[];
  notes: PlannedNote[];
  contents: PlannedContent[];
  /** Every tag name to have (besides those on the rows above: unused tags of an export). */
  tags: string[];
  /** Archive path → the file's name as stored. */
  fileNames: Map<string, string>;
  errors: { path: string; message: string }[];
}

const STATUSES = new Set<string>(CONTENT_STATUSES);
const NOTION_SUFFIX = / [0-9a-f]{32}(?=$|\.)/;
const NOTION_SUFFIX_ALL = / [0-9a-f]{32}(?=$|\.|\/)/g;
/** Folders and files of tools, not of the person: never imported. */
const SKIPPED = /(^|\/)(\.[^/]*|__MACOSX)(\/|$)/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text the database takes: no NUL, no unpaired surrogate, at most `max` characters. */
export function clean(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const safe = text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
  // UTF-16 units are never fewer than characters: most texts are done here.
  if (safe.length <= max) return safe;
  // The first `max` characters, a pair of surrogates counting one (no lone one is left).
  let at = 0;
  for (let characters = 0; characters < max && at < safe.length; characters += 1) {
    const code = safe.charCodeAt(at);
    at += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return safe.slice(0, at);
}

const cleanName = (text: string, max: number) =>
  clean(
    // eslint-disable-next-line no-control-regex
    text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(),
    max,
  ).trim();

export const isMarkdown = (entryPath: string) => /\.(md|markdown)$/i.test(entryPath);
export const isSkipped = (entryPath: string) => SKIPPED.test(entryPath);

/** Splits `---` YAML front matter from the body. `error` when the YAML is not valid. */
export function splitFrontMatter(text: string): {
  data: Record<string, unknown>;
  body: string;
  error?: string;
} {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { data: {}, body: text };
  const body = text.slice(match[0].length).replace(/^\r?\n/, '');
  try {
    const parsed: unknown = parseYaml(match[1] ?? '');
    if (parsed === null || parsed === undefined) return { data: {}, body };
    if (typeof parsed !== 'object' || Array.isArray(parsed)) {
      return {
        data: {},
        body,
        error: 'The front matter is not a list of fields; it was left out.',
      };
    }
    return { data: parsed as Record<string, unknown>, body };
  } catch {
    return {
      data: {},
      body,
      error: 'The front matter is not valid YAML; the note was imported without it.',
    };
  }
}

/** `tags` of front matter: a list, or one string of names split by commas or spaces. */
function tagsOf(value: unknown): string[] {
  const raw = Array.isArray(value)
    ? value
        .filter(
          (item): item is string | number => typeof item === 'string' || typeof item === 'number',
        )
        .map(String)
    : typeof value === 'string'
      ? value.split(/[,\s]+/)
      : [];
  return raw.map((tag) => tag.replace(/^#/, '')).filter(Boolean);
}

/** Inline `#tags` of a body (not headings, not inside code). */
export function inlineTags(body: string): string[] {
  const text = body.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|[\s(])#([\p{L}\p{N}_][\p{L}\p{N}_\-/]*)/gu)) {
    const tag = match[1]!;
    // `#123` is an issue number, not a tag (Obsidian's rule).
    if (/^\d+$/.test(tag)) continue;
    found.push(tag);
  }
  return found;
}

function uniqueTags(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const tag = cleanName(name, TAG_NAME_MAX);
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
}

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

/**
 * Tags of a Notion page's property block: Notion writes a page as `# Title`, a blank line, then
 * one `Name: value` line per property; a `Tags:` line there is a multi-select, its values split
 * by commas. A `Tags:` line anywhere else is text.
 */
export function notionTags(body: string): string[] {
  const block = /^# [^\n]*\r?\n\r?\n((?:[^\n:]{1,100}: [^\n]*(?:\r?\n|$))+)/.exec(body)?.[1];
  const line = block && /^Tags: (.+)$/m.exec(block)?.[1];
  return line ? line.split(',').map((tag) => tag.trim()) : [];
}

function dateOrNull(value: unknown): string | null {
  const text =
    value instanceof Date
      ? value.toISOString().slice(0, 10)
      : typeof value === 'string'
        ? value
        : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null;
}

export function detectFormat(paths: string[], manifest: string | undefined): ImportFormat {
  if (manifest !== undefined) {
    try {
      const parsed = JSON.parse(manifest) as { format?: unknown };
      if (parsed.format === EXPORT_FORMAT) return 'export';
    } catch {
      // Not ours: read as a vault.
    }
  }
  return paths.some((entry) => NOTION_SUFFIX.test(path.basename(entry))) ? 'notion' : 'obsidian';
}

/* ---------------- this product's export ---------------- */

function planExport(texts: Map<string, string>, paths: string[], manifest: string): ImportPlan {
  const plan = emptyPlan('export');
  const folders = new Map<string, PlannedCollection>();
  for (const [entry, text] of texts) {
    const match = /^collections\/([^/]+)\/collection\.md$/.exec(entry);
    if (!match) continue;
    const { data, body, error } = splitFrontMatter(text);
    if (error) plan.errors.push({ path: entry, message: error });
    const collection: PlannedCollection = {
      key: match[1]!,
      name: cleanName(String(data.name ?? match[1]), COLLECTION_NAME_MAX) || 'Untitled',
      description: clean(body.replace(/\n$/, ''), COLLECTION_DESCRIPTION_MAX),
      tags: uniqueTags(tagsOf(data.tags)),
      isActive: data.is_active !== false,
      isPublic: data.is_public !== false,
      files: filesOf(data.files, paths),
    };
    folders.set(collection.key, collection);
    plan.collections.push(collection);
  }
  for (const [entry, text] of texts) {
    const note = /^collections\/([^/]+)\/notes\/[^/]+\.md$/.exec(entry);
    if (note) {
      const collection = folders.get(note[1]!);
      if (!collection) continue;
      const { data, body, error } = splitFrontMatter(text);
      if (error) plan.errors.push({ path: entry, message: error });
      plan.notes.push({
        collectionKey: collection.key,
        title: cleanName(String(data.title ?? ''), NOTE_TITLE_MAX) || 'Untitled',
        content: clean(body, NOTE_CONTENT_MAX),
        tags: uniqueTags(tagsOf(data.tags)),
      });
      continue;
    }
    if (!/^content\/[^/]+\.md$/.test(entry)) continue;
    const { data, body, error } = splitFrontMatter(text);
    if (error) plan.errors.push({ path: entry, message: error });
    const collections = Array.isArray(data.collections) ? data.collections.map(String) : [];
    plan.contents.push({
      path: entry,
      title: cleanName(String(data.title ?? ''), CONTENT_TITLE_MAX),
      content: clean(body, CONTENT_BODY_MAX),
      tags: uniqueTags(tagsOf(data.tags)),
      collectionKeys: collections.filter((key) => folders.has(key)),
      status:
        typeof data.status === 'string' && STATUSES.has(data.status) ? data.status : undefined,
      publishOn: dateOrNull(data.publish_on),
      isPublic: data.is_public === true,
      files: filesOf(data.files, paths),
    });
  }
  try {
    const parsed = JSON.parse(manifest) as { tags?: unknown };
    plan.tags = uniqueTags(tagsOf(parsed.tags));
  } catch {
    // detectFormat parsed it already.
  }
  for (const entry of paths) {
    const file = /^files\/\d+-(.+)$/.exec(entry);
    if (file) plan.fileNames.set(entry, cleanName(file[1]!, FILE_NAME_MAX) || 'file');
  }
  return plan;
}

function filesOf(value: unknown, paths: string[]): string[] {
  if (!Array.isArray(value)) return [];
  const known = new Set(paths);
  return value.map(String).filter((entry) => known.has(entry));
}

/* ---------------- Obsidian and Notion ---------------- */

function planVault(
  format: 'obsidian' | 'notion',
  texts: Map<string, string>,
  paths: string[],
): ImportPlan {
  const plan = emptyPlan(format);
  const visible = paths.filter((entry) => !isSkipped(entry) && !entry.endsWith('/'));
  // A zipped vault usually sits in one folder named after it: that folder is the vault.
  const tops = new Set(visible.map((entry) => entry.split('/')[0]));
  const [onlyTop] = tops;
  const root =
    tops.size === 1 && onlyTop && visible.every((entry) => entry.includes('/'))
      ? `${onlyTop}/`
      : '';
  const inVault = (entry: string) => entry.slice(root.length);
  const display = (name: string) =>
    format === 'notion' ? name.replace(NOTION_SUFFIX_ALL, '') : name;

  const collections = new Map<string, PlannedCollection>();
  const collectionFor = (folder: string): string | undefined => {
    if (folder === '' || folder === '.') return undefined;
    if (!collections.has(folder)) {
      const name =
        cleanName(display(folder).split('/').join(' / '), COLLECTION_NAME_MAX) || 'Untitled';
      const collection: PlannedCollection = {
        key: folder,
        name,
        description: '',
        tags: [],
        isActive: true,
        isPublic: false,
        files: [],
      };
      collections.set(folder, collection);
      plan.collections.push(collection);
    }
    return folder;
  };

  // Attachments by name (Obsidian resolves `![[x.png]]` anywhere in the vault) and by path.
  const attachments = visible.filter((entry) => !isMarkdown(entry) && !/\.csv$/i.test(entry));
  const byName = new Map<string, string>();
  for (const entry of attachments) {
    const base = path.basename(entry);
    if (!byName.has(base)) byName.set(base, entry);
    const stripped = display(base);
    if (!byName.has(stripped)) byName.set(stripped, entry);
  }
  const known = new Set(attachments);
  const fileNameOf = (file: string) =>
    cleanName(display(path.basename(file)), FILE_NAME_MAX) || 'file';

  for (const entry of visible.filter(isMarkdown).sort()) {
    const text = texts.get(entry);
    if (text === undefined) continue;
    const relative = inVault(entry);
    const folder = path.dirname(relative);
    const { data, body, error } = splitFrontMatter(text);
    if (error) plan.errors.push({ path: entry, message: error });
    const title = cleanName(
      typeof data.title === 'string' && data.title.trim()
        ? data.title
        : display(path.basename(relative).replace(/\.(md|markdown)$/i, '')),
      CONTENT_TITLE_MAX,
    );
    const { body: content, files } = rewriteEmbeds(
      body,
      {
        wiki: (name) =>
          byName.get(path.basename(name)) ?? (known.has(root + name) ? root + name : undefined),
        link: (link) => {
          let target = link;
          try {
            target = decodeURIComponent(link);
          } catch {
            // Keep the address as written.
          }
          const resolved = path.normalize(path.join(path.dirname(entry), target));
          return known.has(resolved) ? resolved : undefined;
        },
      },
      fileNameOf,
    );
    const key = collectionFor(folder);
    plan.contents.push({
      path: entry,
      title,
      content: clean(content, CONTENT_BODY_MAX),
      tags: uniqueTags([
        ...tagsOf(data.tags),
        ...(format === 'notion' ? notionTags(body) : []),
        ...inlineTags(body),
      ]),
      collectionKeys: key ? [key] : [],
      status: undefined,
      publishOn: null,
      isPublic: false,
      files,
    });
    for (const file of files) plan.fileNames.set(file, fileNameOf(file));
  }
  return plan;
}

function emptyPlan(format: ImportFormat): ImportPlan {
  return {
    format,
    collections: [],
    notes: [],
    contents: [],
    tags: [],
    fileNames: new Map(),
    errors: [],
  };
}

/** The plan of an archive, given its entry names and the texts of its Markdown entries. */
export function planImport(
  paths: string[],
  texts: Map<string, string>,
  manifest: string | undefined,
): ImportPlan {
  const format = detectFormat(paths, manifest);
  return format === 'export' && manifest !== undefined
    ? planExport(texts, paths, manifest)
    : planVault(format === 'export' ? 'obsidian' : format, texts, paths);
}
