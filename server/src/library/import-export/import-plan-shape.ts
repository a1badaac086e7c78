import { CONTENT_STATUSES } from '@cw/contract';
import type { FileSlot } from './import-embeds';

/** The shape of an import's plan (import-plan.ts), shared by the export's and the vaults' planners. */

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

export const STATUSES = new Set<string>(CONTENT_STATUSES);
export const NOTION_SUFFIX = / [0-9a-f]{32}(?=$|\.)/;
export const NOTION_SUFFIX_ALL = / [0-9a-f]{32}(?=$|\.|\/)/g;

export function emptyPlan(format: ImportFormat): ImportPlan {
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
