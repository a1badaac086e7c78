import type { ContentItem } from '@cw/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import type { CollabSession } from '../collab/collab-session';
import { fieldsOf, keyOf, type FieldValues } from './content-fields';

/**
 * The first words of a new script create it (`ensureItem`), with the fields as they are then;
 * a failed creation is tried again when the browser is back online. Answers where the
 * creation stands: null while nothing failed.
 */
export function useCreateOnFirstWords({
  itemId,
  session,
  hasText,
  idle,
  values,
  ensureItem,
  markSaved,
}: {
  itemId: number | null;
  session: CollabSession | null;
  hasText: boolean;
  /** Nothing may be created (read-only, lost, or already done). */
  idle: boolean;
  values: FieldValues;
  ensureItem: (fields: FieldValues) => Promise<ContentItem>;
  /** Tells the autosave what the server holds now. */
  markSaved: (key: string) => void;
}): 'offline' | 'error' | null {
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const creating = useRef(false);
  const [createFailed, setCreateFailed] = useState<'offline' | 'error' | null>(null);
  const create = useCallback(async () => {
    if (creating.current || itemId !== null) return;
    creating.current = true;
    try {
      // What the server holds now; the autosave sends what changed since (a title typed later).
      markSaved(keyOf(fieldsOf(await ensureItem(latest.current))));
      setCreateFailed(null);
    } catch (error) {
      setCreateFailed(error instanceof ApiRequestError && error.status === 0 ? 'offline' : 'error');
    } finally {
      creating.current = false;
    }
  }, [ensureItem, itemId, markSaved]);
  useEffect(() => {
    if (itemId !== null || !hasText || idle) return;
    const soon = setTimeout(() => void create(), 0);
    return () => clearTimeout(soon);
  }, [itemId, hasText, idle, create]);
  useEffect(() => {
    if (itemId !== null) return;
    const retry = () => {
      if (session && /\S/.test(session.text.toString())) void create();
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [itemId, session, create]);
  return createFailed;
}
