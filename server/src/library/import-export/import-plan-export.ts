import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  FILE_NAME_MAX,
  NOTE_CONTENT_MAX,
  NOTE_TITLE_MAX,
} from '@cw/contract';
import { relinkExportText } from './import-embeds';
import { clean, cleanName, dateOrNull, splitFrontMatter, tagsOf, uniqueTags } from './import-text';
import { emptyPlan, STATUSES, type ImportPlan, type PlannedCollection } from './import-plan-shape';

/* ---------------- this product's export ---------------- */

export function planExport(
  texts: Map<string, string>,
  paths: string[],
  manifest: string,
): ImportPlan {
  const plan = emptyPlan('export');
  // Every entry once, for the items' and collections' `files` (a set per item made the
  // import of 19,394 items compute for three minutes: items × entries).
  const known = new Set(paths);
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
      files: filesOf(data.files, known),
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
      files: filesOf(data.files, known),
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

function filesOf(value: unknown, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(String).filter((entry) => known.has(entry));
}
