import type { TrashType } from '@cw/contract';
import { useSyncExternalStore } from 'react';

/**
 * What the "Moved to trash · Undo" toast shows (docs/product.md, "Trash"): the last object a
 * delete moved to the trash. A module store, so a delete on a page that then navigates away
 * (the content page) still shows its toast in the signed-in layout.
 */
export interface TrashedNotice {
  type: TrashType;
  id: number;
  /** Tells two deletes of the same object apart (a new toast restarts its 6 s). */
  serial: number;
}

let current: TrashedNotice | null = null;
let serial = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function announceTrashed(type: TrashType, id: number): void {
  serial += 1;
  current = { type, id, serial };
  emit();
}

export function dismissTrashed(notice: TrashedNotice): void {
  if (current?.serial !== notice.serial) return;
  current = null;
  emit();
}

export function useTrashedNotice(): TrashedNotice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
