import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { CollabTransport, ConnectTransport } from '../../../lib/collab-transport';

/*
 * The teleprompter's remote (decision 242): a phone signed in to the same account controls the
 * teleprompter through a channel of that person's own, `remote:{user}:{key}`, on the live
 * co-editing socket. The channel holds no text; each end says what it has to through presence:
 * the teleprompter its state (`prompter`), the phone its latest command (`remote`).
 */

/** What the teleprompter shows the phone. */
export interface PrompterState {
  /** This teleprompter's run: commands name it, so a reopened teleprompter ignores old ones. */
  session: string;
  title: string;
  /** Its sections' titles, for "jump to". */
  sections: string[];
  playing: boolean;
  wordsPerMinute: number;
}

export type RemoteCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'restart' }
  | { type: 'pace'; delta: number }
  | { type: 'jump'; section: number };

/** The phone's presence: its latest command, for one teleprompter run, numbered. */
interface RemoteState {
  to: string;
  seq: number;
  command: RemoteCommand;
}

/** Sections and titles kept short: presence messages stay small (the server takes 32 KiB). */
const SECTIONS_MAX = 60;
const TITLE_MAX = 80;

/** 16 random bytes in base64url: 22 characters, the key of a channel and of a run. */
export function newRemoteKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const REMOTE_KEY = /^[A-Za-z0-9_-]{22}$/;

export const remoteChannelName = (user: number, key: string) => `remote:${user}:${key}`;

const short = (text: string) =>
  text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;

/** One end of a remote channel. */
export class RemoteChannel {
  private readonly doc = new Y.Doc();
  private readonly transport: CollabTransport;
  private connectedNow = false;
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  /** The last command applied from each phone (by presence client id). */
  private readonly applied = new Map<number, number>();

  constructor(connect: ConnectTransport, user: number, key: string) {
    this.transport = connect(remoteChannelName(user, key), this.doc, {
      connected: (value) => {
        this.connectedNow = value;
        this.emit();
      },
      synced: () => undefined,
      unsynced: () => undefined,
      denied: () => {
        this.connectedNow = false;
        this.emit();
      },
    });
    this.awareness?.on('change', () => this.emit());
  }

  get awareness(): Awareness | null {
    return this.transport.awareness;
  }

  get connected(): boolean {
    return this.connectedNow;
  }

  /** Called on any change: connection, the other end's state. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The teleprompter's side: what it shows now. */
  publish(state: PrompterState): void {
    this.awareness?.setLocalStateField('prompter', {
      ...state,
      title: short(state.title),
      sections: state.sections.slice(0, SECTIONS_MAX).map(short),
    });
  }

  /** The teleprompter's side: how many phones are on the channel now. */
  remotes(): number {
    return this.others().filter((state) => state.remote !== undefined || state.phone === true)
      .length;
  }

  /** The teleprompter's side: each new command of a phone, addressed to run `session`. */
  onCommand(session: string, handler: (command: RemoteCommand) => void): () => void {
    const check = () => {
      for (const [client, state] of this.awareness?.getStates() ?? []) {
        const remote = state.remote as RemoteState | undefined;
        if (client === this.doc.clientID || !remote || remote.to !== session) continue;
        if (remote.seq <= (this.applied.get(client) ?? 0)) continue;
        this.applied.set(client, remote.seq);
        handler(remote.command);
      }
    };
    this.awareness?.on('change', check);
    return () => this.awareness?.off('change', check);
  }

  /** The phone's side: says it is here, before its first command. */
  join(): void {
    this.awareness?.setLocalStateField('phone', true);
  }

  /** The phone's side: the teleprompter on the channel, or null while there is none. */
  prompter(): PrompterState | null {
    for (const state of this.others()) {
      if (state.prompter) return state.prompter as PrompterState;
    }
    return null;
  }

  /** The phone's side: sends `command` to the teleprompter on the channel (none: nothing). */
  send(command: RemoteCommand): boolean {
    const prompter = this.prompter();
    if (!prompter) return false;
    this.seq += 1;
    const remote: RemoteState = { to: prompter.session, seq: this.seq, command };
    this.awareness?.setLocalStateField('remote', remote);
    return true;
  }

  destroy(): void {
    this.listeners.clear();
    this.transport.destroy();
    this.doc.destroy();
  }

  private others(): Record<string, unknown>[] {
    return [...(this.awareness?.getStates() ?? new Map<number, Record<string, unknown>>())]
      .filter(([client]) => client !== this.doc.clientID)
      .map(([, state]) => state);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
