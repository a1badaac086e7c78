import path from 'node:path/posix';
import { EXPORT_FORMAT } from './export-format';
import { planExport } from './import-plan-export';
import { NOTION_SUFFIX, type ImportFormat, type ImportPlan } from './import-plan-shape';
import { planVault } from './import-plan-vault';

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

export type {
  ImportFormat,
  ImportPlan,
  PlannedCollection,
  PlannedContent,
  PlannedNote,
} from './import-plan-shape';

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
