import { stringify } from 'yaml';

/**
 * The layout of an export (docs/api.md, "Export"): file names inside the zip and the Markdown
 * files with YAML front matter. Pure functions, so the layout is tested on its own.
 */

/** The format an import recognises (manifest.json `format` and `version`). */
export const EXPORT_FORMAT = 'creator-workspace-export';
export const EXPORT_VERSION = 1;

const SLUG_MAX = 60;

/**
 * A name as a file-name part: lower case, letters and digits of any script kept (a Japanese or
 * Greek title stays readable), everything else one `-`; at most 60 characters; `untitled` when
 * nothing is left. The id beside it keeps names unique.
 */
export function slugOf(name: string): string {
  const slug = Array.from(
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, SLUG_MAX)
    .join('')
    .replace(/-+$/, '');
  return slug || 'untitled';
}

export const collectionFolder = (collection: { id: number; name: string }) =>
  `collections/${slugOf(collection.name)}-${collection.id}`;

export const collectionPath = (collection: { id: number; name: string }) =>
  `${collectionFolder(collection)}/collection.md`;

export const notePath = (
  collection: { id: number; name: string },
  note: { id: number; title: string },
) => `${collectionFolder(collection)}/notes/${slugOf(note.title)}-${note.id}.md`;

export const contentPath = (item: { id: number; title: string }) =>
  `content/${slugOf(item.title)}-${item.id}.md`;

/** A stored file, by id and its (already sanitised) name; no separator can leave `files/`. */
export const filePath = (file: { id: number; name: string }) =>
  `files/${file.id}-${file.name.replace(/[\\/]/g, '_')}`;

/** `---`, the fields as YAML, `---`, a blank line, then the Markdown body as it is. */
export function markdownFile(frontMatter: Record<string, unknown>, body: string): string {
  return `---\n${stringify(frontMatter, { lineWidth: 0 })}---\n\n${body}`;
}

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
