import type { ConnectTransport } from '../../../lib/collab-transport';
import type { PresenceUser } from './presence';

/** Where the text stands, as the editor says it: Saved, Saving, Offline (kept on this device). */
export type SyncState = 'saved' | 'saving' | 'offline';

export interface CollabState {
  sync: SyncState;
  /** The server closed the document for this person (access ended): editing stops. */
  lost: boolean;
  /** The server's copy has arrived at least once. */
  synced: boolean;
}

/** A document's name on the server (docs/api.md, "Writing together"). */
export const documentName = (id: number) => `content:${id}`;

/**
 * IndexedDB is per origin, not per person: the stored copy is named by user too, so someone
 * signing in on the same browser never opens another account's text.
 */
export const storedName = (user: number, name: string) => `cw.${user}.${name}`;

export interface CollabSessionOptions {
  /** `content:{id}`, or a local name (`content:new`) for text not yet on the server. */
  name: string;
  user: number;
  /** The server; null keeps the document on this device only (a script not yet created). */
  connect: ConnectTransport | null;
  presence?: PresenceUser;
  /** Keep a copy in IndexedDB (absent in environments without it, e.g. jsdom). */
  persist?: boolean;
}
