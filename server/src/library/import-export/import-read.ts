import { createHash } from 'node:crypto';
import path from 'node:path';
import { countWords } from '@cw/contract';
import { ArchiveRefused, MESSAGES, openArchive, type Archive } from './import-archive';
import { planImport, type ImportPlan } from './import-plan';
import { isMarkdown, isSkipped } from './import-text';

/** A Markdown entry larger than this is left out (with an error by path). */
export const MARKDOWN_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The plan holds every Markdown text in memory: together at most this, or IMPORT_MAX_BYTES if
 * smaller; an archive with more text fails as a whole (docs/api.md, "Import"; decision 136).
 */
export const MARKDOWN_TOTAL_MAX_BYTES = 256 * 1024 * 1024;

export const QUOTA =
  'The files in the archive do not fit in your storage. Delete some files first.';

export interface ReadArchiveInput {
  /** The zip, on this machine's disk. */
  file: string;
  /** Its size as uploaded. */
  zipBytes: number;
  /** Most bytes all entries may unpack to (IMPORT_MAX_BYTES × 4). */
  maxTotal: number;
  /** Most bytes of Markdown the plan may hold. */
  maxText: number;
  /** Most bytes of files the plan may store (what is left of the person's storage quota). */
  fileAllowance: number;
  /**
   * Archive paths of files earlier imports of the person brought in: not counted here, since a
   * second import attaches them again only where they are missing (the writer counts exactly).
   */
  imported?: string[];
  /** An empty folder the planned files are unpacked into. */
  outDir: string;
}

export interface ReadArchiveResult {
  plan: ImportPlan;
  /** Entry paths in archive order. */
  paths: string[];
  /** Each planned file's entry → where it was unpacked and its size. */
  files: Map<string, { file: string; size: number }>;
}

/**
 * Everything of an import that reads the archive: checks it whole, reads its Markdown, plans
 * what to make (docs/api.md, "Import"), counts words, and unpacks every file the plan stores,
 * each checked against the size its headers declare. Runs in the import's worker thread
 * (import-worker.ts), never on the thread that answers requests; what it answers is all the
 * writing step needs. A refused archive throws ArchiveRefused.
 */
export async function readArchive(input: ReadArchiveInput): Promise<ReadArchiveResult> {
  const archive = await openArchive(input.file, input.zipBytes, input.maxTotal);
  try {
    const plan = await planArchive(archive, input.maxText);
    for (const item of plan.contents) item.wordCount = countWords(item.content);
    let bytes = 0;
    const imported = new Set(input.imported ?? []);
    for (const entry of plan.fileNames.keys()) {
      if (!imported.has(entry)) bytes += archive.size(entry);
    }
    if (bytes > input.fileAllowance) throw new ArchiveRefused('', QUOTA);
    const files = new Map<string, { file: string; size: number }>();
    let n = 0;
    for (const entry of plan.fileNames.keys()) {
      const file = path.join(input.outDir, String(n++));
      files.set(entry, { file, size: await archive.extract(entry, file) });
    }
    return { plan, paths: archive.paths, files };
  } finally {
    archive.close();
  }
}

async function planArchive(archive: Archive, maxText: number): Promise<ImportPlan> {
  const texts = new Map<string, string>();
  const errors: { path: string; message: string }[] = [];
  let text = 0;
  for (const entry of archive.paths) {
    if (!isMarkdown(entry) || isSkipped(entry)) continue;
    const bytes = await archive.read(entry, MARKDOWN_MAX_BYTES);
    if (!bytes) {
      errors.push({ path: entry, message: 'The note is larger than 4 MB; it was left out.' });
      continue;
    }
    text += bytes.length;
    if (text > maxText) throw new ArchiveRefused(entry, MESSAGES.text(maxText));
    texts.set(entry, bytes.toString('utf8').replace(/^\uFEFF/, ''));
  }
  const manifest = archive.paths.includes('manifest.json')
    ? (await archive.read('manifest.json', 1024 * 1024))?.toString('utf8')
    : undefined;
  const plan = planImport(archive.paths, texts, manifest);
  // What a second import of the archive compares: each item's text as the archive has it.
  for (const item of plan.contents) {
    const text = texts.get(item.path);
    if (text !== undefined) item.hash = createHash('sha256').update(text).digest('hex');
  }
  plan.errors.unshift(...errors);
  return plan;
}
