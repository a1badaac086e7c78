import { parse as parseYaml } from 'yaml';
import { TAG_NAME_MAX } from '@cw/contract';

/*
 * The texts of an archive's entries as an import reads them (docs/api.md, "Import"): cleaned for
 * the database, front matter split from the body, tags from front matter, inline `#tags` and
 * Notion's property block. Pure, as the plan that uses them (import-plan.ts).
 */

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

export const cleanName = (text: string, max: number) =>
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
export function tagsOf(value: unknown): string[] {
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

export function uniqueTags(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const tag = cleanName(name, TAG_NAME_MAX);
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
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

export function dateOrNull(value: unknown): string | null {
  const text =
    value instanceof Date
      ? value.toISOString().slice(0, 10)
      : typeof value === 'string'
        ? value
        : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null;
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The day of a front matter date: `2026-03-01`, or a date-time such as `2026-03-01T10:00:00Z` or
 * `2026-03-01 10:00` (the day as written, whatever its zone); null when it is not a real day.
 */
export function dayOf(value: unknown): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return null;
  const day = DATE_TIME.exec(value.trim())?.[1];
  if (!day) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  // `2026-02-30` parses as 2 March: a day that is not in its month is no date.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}
