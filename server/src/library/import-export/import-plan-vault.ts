import path from 'node:path/posix';
import {
  COLLECTION_NAME_MAX,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  FILE_NAME_MAX,
} from '@cw/contract';
import { rewriteVaultText } from './import-embeds';
import {
  clean,
  cleanName,
  dayOf,
  inlineTags,
  isMarkdown,
  isSkipped,
  notionTags,
  splitFrontMatter,
  tagsOf,
  uniqueTags,
} from './import-text';
import {
  emptyPlan,
  NOTION_SUFFIX_ALL,
  type ImportPlan,
  type PlannedCollection,
} from './import-plan-shape';

/* ---------------- Obsidian and Notion ---------------- */

export function planVault(
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
