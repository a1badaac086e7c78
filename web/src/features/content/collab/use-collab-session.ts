import { useEffect, useState, useSyncExternalStore } from 'react';
import { CollabSession, type CollabSessionOptions, type CollabState } from './collab-session';

export { CollabTransportContext, useCollabTransport } from '../../../lib/collab-transport';

/**
 * A session for the document `options.name` while the component is mounted (null until made:
 * it is made in an effect, so React's double effects in development never share one), or null
 * when `options` is null.
 */
export function useCollabSession(
  options: CollabSessionOptions | null,
  /** Changes of these make a new session (the document's name, who connects). */
  key: string,
): CollabSession | null {
  const [session, setSession] = useState<CollabSession | null>(null);
  // The session is a resource with a life (a socket, IndexedDB): made and ended by the effect,
  // and handed to the render through state.
  /* eslint-disable react-hooks/set-state-in-effect */
  useEffect(() => {
    if (!options) {
      setSession(null);
      return;
    }
    const made = new CollabSession(options);
    setSession(made);
    return () => {
      made.destroy();
    };
    // A new session only when what it is for changes (`key`), not for a new options object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  /* eslint-enable react-hooks/set-state-in-effect */
  return session;
}

const idle: CollabState = { sync: 'saved', lost: false, synced: false };
const noop = () => () => {};

/** The session's state (Saved / Saving / Offline, access lost), rendered only when it changes. */
export function useCollabState(session: CollabSession | null): CollabState {
  return useSyncExternalStore(
    session ? session.subscribe : noop,
    session ? session.getState : () => idle,
    () => idle,
  );
}

/**
 * One field of the session's state: the component renders only when that field changes. Every
 * keystroke flips `sync` to Saving and back to Saved; a page that reads only `lost` or `synced`
 * must not render the whole form twice per key (the editor's keystroke budget, bench/README.md).
 */
export function useCollabField<K extends keyof CollabState>(
  session: CollabSession | null,
  field: K,
): CollabState[K] {
  return useSyncExternalStore(
    session ? session.subscribe : noop,
    () => (session ? session.getState() : idle)[field],
    () => idle[field],
  );
}
