import path from 'node:path/posix';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  CONTENT_BODY_MAX,
  CONTENT_STATUSES,
  CONTENT_TITLE_MAX,
  FILE_NAME_MAX,
  NOTE_CONTENT_MAX,
  NOTE_TITLE_MAX,
} from '@cw/contract';
import { EXPORT_FORMAT } from './export-format';
import { relinkExportText, rewriteVaultText, type FileSlot } from './import-embeds';
import {
  clean,
  cleanName,
  dateOrNull,
  dayOf,
  inlineTags,
  isMarkdown,
  isSkipped,
  notionTags,
  splitFrontMatter,
  tagsOf,
  uniqueTags,
} from './import-text';

/**
 * What an import makes, read from the archive's entry names and Markdown texts before anything
 * is written (docs/api.md, "Import"; decision 134). Pure: the archive is read by the caller.
 *
 * - **This product's export** (`manifest.json` with our format): collections with their notes
 *   and files, content items with their tags, collections, status, dates and files.
 * - **An Obsidian vault** (zipped): each folder a collection (named by its path inside the
 *   vault, `Parent / Child`), each `.md` a content item in its folder's collection; front
 *   matter `tags` and inline `#tags` become tags, `publish` or `date` its publish date;
 *   attachments it embeds (`![[x.png]]`, `![](x.png)`) become its files, the embeds the room's
 *   image syntax and wikilinks `[[Title]]` of the items made (rewriteVaultText; decision 218).
 * - **A Notion "Markdown & CSV" export**: the same, with Notion's 32-hex-digit suffixes dropped
 *   from names and the page's `Tags:` property as tags; its CSV tables are skipped.
 */

export type ImportFormat = 'export' | 'obsidian' | 'notion';

export interface PlannedCollection {
  key: string;
  /** Its folder's path in the archive: a second import of the archive finds it again. */
  source: string;
  name: string;
  description: string;
  tags: string[];
  isActive: boolean;
  isPublic: boolean;
  /** Archive paths of its own files. */
  files: string[];
  /** Where the ids of files go in `description` (an export's; decision 218). */
  slots?: FileSlot[];
}

export interface PlannedNote {
  /** Its path in the archive. */
  path: string;
  collectionKey: string;
  title: string;
  content: string;
  tags: string[];
  /** Where the ids of files go in `content` (an export's; decision 218). */
  slots?: FileSlot[];
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
  /** Where the ids of its files go in `content`, once they are made (in increasing order). */
  slots?: FileSlot[];
  /** SHA-256 of its entry's text, set where the archive is read: unchanged means skipped. */
  hash?: string;
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
  // The export's files by their ids then (`files/{id}-name`): its texts name them by id.
  const exportedFiles = new Map<string, string>();
  for (const entry of paths) {
    const id = /^files\/(\d+)-/.exec(entry)?.[1];
    if (id !== undefined && !exportedFiles.has(id)) exportedFiles.set(id, entry);
  }
  const relinked = (text: string) => {
    const { body, slots } = relinkExportText(text, exportedFiles);
    return { content: body, slots };
  };
  const described = (text: string) => {
    const { body, slots } = relinkExportText(text, exportedFiles);
    return { description: body, slots };
  };
  const folders = new Map<string, PlannedCollection>();
  for (const [entry, text] of texts) {
    const match = /^collections\/([^/]+)\/collection\.md$/.exec(entry);
    if (!match) continue;
    const { data, body, error } = splitFrontMatter(text);
    if (error) plan.errors.push({ path: entry, message: error });
    const collection: PlannedCollection = {
      key: match[1]!,
      source: `collections/${match[1]!}`,
      name: cleanName(String(data.name ?? match[1]), COLLECTION_NAME_MAX) || 'Untitled',
      ...described(clean(body.replace(/\n$/, ''), COLLECTION_DESCRIPTION_MAX)),
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
        path: entry,
        collectionKey: collection.key,
        title: cleanName(String(data.title ?? ''), NOTE_TITLE_MAX) || 'Untitled',
        ...relinked(clean(body, NOTE_CONTENT_MAX)),
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
      ...relinked(clean(body, CONTENT_BODY_MAX)),
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
        source: root + folder,
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

  // The notes first, for their titles: a wikilink names the item made for a note by its title.
  interface VaultNote {
    entry: string;
    relative: string;
    data: Record<string, unknown>;
    body: string;
    title: string;
  }
  const vaultNotes: VaultNote[] = [];
  for (const entry of visible.filter(isMarkdown).sort()) {
    const text = texts.get(entry);
    if (text === undefined) continue;
    const relative = inVault(entry);
    const { data, body, error } = splitFrontMatter(text);
    if (error) plan.errors.push({ path: entry, message: error });
    const title = cleanName(
      typeof data.title === 'string' && data.title.trim()
        ? data.title
        : display(path.basename(relative).replace(/\.(md|markdown)$/i, '')),
      CONTENT_TITLE_MAX,
    );
    vaultNotes.push({ entry, relative, data, body, title });
  }
  // Obsidian finds `[[name]]` by the note's path in the vault or, most often, by its name alone
  // (the one nearest the vault's top when several share it), ignoring case.
  const titles = new Map<string, string>();
  const byDepth = [...vaultNotes].sort(
    (a, b) => a.relative.split('/').length - b.relative.split('/').length,
  );
  for (const note of byDepth) {
    const noExtension = note.relative.replace(/\.(md|markdown)$/i, '');
    for (const key of [
      noExtension,
      path.basename(noExtension),
      display(path.basename(noExtension)),
    ]) {
      const lower = key.toLowerCase();
      if (!titles.has(lower)) titles.set(lower, note.title);
    }
  }
  const noteTitle = (name: string) => {
    const key = name
      .replace(/\.(md|markdown)$/i, '')
      .replace(/^\/+/, '')
      .toLowerCase();
    return titles.get(key);
  };

  for (const { entry, relative, data, body, title } of vaultNotes) {
    const folder = path.dirname(relative);
    const rewritten = rewriteVaultText(
      clean(body, CONTENT_BODY_MAX),
      {
        file: (name) =>
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
        note: noteTitle,
      },
      fileNameOf,
    );
    const content = clean(rewritten.body, CONTENT_BODY_MAX);
    const key = collectionFor(folder);
    plan.contents.push({
      path: entry,
      title,
      content,
      tags: uniqueTags([
        ...tagsOf(data.tags),
        ...(format === 'notion' ? notionTags(body) : []),
        ...inlineTags(body),
      ]),
      collectionKeys: key ? [key] : [],
      status: undefined,
      publishOn: publishDateOf(data, entry, plan.errors),
      isPublic: false,
      files: rewritten.files,
      slots: rewritten.slots.filter((slot) => slot.at <= content.length),
    });
    for (const file of rewritten.files) plan.fileNames.set(file, fileNameOf(file));
  }
  return plan;
}

/**
 * A vault note's publish date: front matter `publish`, else `date`, a day or a date-time (its
 * day as written). Anything else that is not a date is left out and named in the import's
 * `errors`; `publish: true` (Obsidian Publish's own switch) is not a date and says nothing.
 */
function publishDateOf(
  data: Record<string, unknown>,
  entry: string,
  errors: ImportPlan['errors'],
): string | null {
  const value = data.publish ?? data.date;
  if (value === undefined || value === null || typeof value === 'boolean') return null;
  const day = dayOf(value);
  if (day === null) {
    const written = String(value).slice(0, 40);
    errors.push({
      path: entry,
      message: `The date "${written}" is not a date; the item was imported without a publish date.`,
    });
  }
  return day;
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
