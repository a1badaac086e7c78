/**
 * Unsaved drafts of the content form, kept in localStorage per user and per item
 * (`cw.draft.<user>.new` for the create screen, `cw.draft.<user>.<id>` for an item being
 * edited), so a reload, a crash or a dead session never loses what was typed.
 */
export interface ContentDraft {
  title: string;
  content: string;
  tags: number[];
  collections: number[];
  /** When it was written (ms since the epoch). */
  savedAt: number;
  /** Written as the session died: restore it without asking and save it again. */
  resume?: boolean;
}

export type DraftTarget = number | 'new';

export function draftKey(user: number, target: DraftTarget): string {
  return `cw.draft.${user}.${target}`;
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];

export function readDraft(user: number, target: DraftTarget): ContentDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(user, target));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (typeof parsed.title !== 'string' || typeof parsed.content !== 'string') return null;
    return {
      title: parsed.title,
      content: parsed.content,
      tags: numbers(parsed.tags),
      collections: numbers(parsed.collections),
      savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : Date.now(),
      resume: parsed.resume === true,
    };
  } catch {
    return null;
  }
}

/** Stores the draft; false when storage is full or blocked. */
export function writeDraft(user: number, target: DraftTarget, draft: ContentDraft): boolean {
  try {
    window.localStorage.setItem(draftKey(user, target), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(user: number, target: DraftTarget): void {
  try {
    window.localStorage.removeItem(draftKey(user, target));
  } catch {
    // Nothing to clear without storage.
  }
}
