import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';

/** Saved 1.5 s after typing pauses (decision 058). */
export const AUTOSAVE_DELAY_MS = 1500;

/**
 * idle: nothing to save · pending: changes wait for a pause · saving · saved · offline: the
 * network failed (retried when the browser is back online) · error: the server refused.
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'error';

/**
 * Saves `value` by itself once `key` (its serialised form) has not changed for a moment.
 * `savedKey` is what the destination already holds; `enabled` false holds saving back (an
 * invalid form, a draft offer still open). One save at a time; changes made during a save are
 * saved right after it.
 */
export function useAutosave<T>({
  value,
  valueKey,
  savedKey: initialSavedKey,
  enabled,
  save,
}: {
  value: T;
  valueKey: string;
  savedKey: string;
  enabled: boolean;
  save: (value: T) => Promise<void>;
}) {
  const [state, setState] = useState<SaveState>('idle');
  const savedKey = useRef(initialSavedKey);
  const [held, setHeld] = useState(initialSavedKey);
  const latest = useRef({ value, valueKey, save, enabled });
  const inFlight = useRef(false);
  useEffect(() => {
    latest.current = { value, valueKey, save, enabled };
  });

  const run = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      for (;;) {
        const { value: current, valueKey: key, save: write, enabled: allowed } = latest.current;
        if (!allowed || key === savedKey.current) break;
        setState('saving');
        await write(current);
        savedKey.current = key;
        setHeld(key);
        // Changes typed during the save are saved right after it.
        if (latest.current.valueKey === key) {
          setState('saved');
          break;
        }
      }
    } catch (error) {
      setState(error instanceof ApiRequestError && error.status === 0 ? 'offline' : 'error');
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    if (!enabled || valueKey === savedKey.current) return;
    setState((current) => (current === 'saving' || current === 'offline' ? current : 'pending'));
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [valueKey, enabled, run]);

  useEffect(() => {
    const retry = () => void run();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [run]);

  /** Marks `key` as held by the destination (after a manual save). */
  const markSaved = useCallback((key: string) => {
    savedKey.current = key;
    setHeld(key);
    setState('saved');
  }, []);

  return { state, dirty: valueKey !== held, markSaved, saveNow: run };
}
