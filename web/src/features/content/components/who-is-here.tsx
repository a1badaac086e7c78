import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import { Avatar } from '../../../components/avatar';
import { initialsOfName } from '../../../lib/format';
import type { PresenceUser } from '../collab/collab-session';

function othersIn(awareness: Awareness, me: number): PresenceUser[] {
  const seen = new Map<number, PresenceUser>();
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const user = (state as { user?: Partial<PresenceUser> }).user;
    if (!user || typeof user.id !== 'number' || typeof user.name !== 'string') continue;
    // The same person in two tabs is one face; I am not shown to myself.
    if (user.id === me || seen.has(user.id)) continue;
    seen.set(user.id, {
      id: user.id,
      name: user.name,
      color: typeof user.color === 'string' ? user.color : '#334155',
      colorLight: typeof user.colorLight === 'string' ? user.colorLight : '#cbd5e1',
    });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Who else is in the document now (from the awareness of the editors connected to it): a
 * face in their cursor colour and their name, as in the collection's member avatars.
 */
export function WhoIsHere({ awareness, me }: { awareness: Awareness | null; me: number }) {
  const cache = useRef<{ key: string; people: PresenceUser[] }>({ key: '', people: [] });
  const subscribe = useCallback(
    (listener: () => void) => {
      awareness?.on('change', listener);
      return () => awareness?.off('change', listener);
    },
    [awareness],
  );
  // Cursor moves change awareness too: the list is a new one only when the people change.
  const others = useSyncExternalStore(
    subscribe,
    () => {
      const next = awareness ? othersIn(awareness, me) : [];
      const key = next.map((person) => `${person.id}:${person.name}`).join();
      if (key !== cache.current.key) cache.current = { key, people: next };
      return cache.current.people;
    },
    () => cache.current.people,
  );

  if (others.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span>Also here:</span>
      <ul
        aria-label="Also here"
        className="flex flex-wrap items-center gap-2"
        data-testid="who-is-here"
      >
        {others.map((person) => (
          <li
            key={person.id}
            className="inline-flex items-center gap-1.5 rounded-full bg-white py-0.5 pr-2.5 pl-0.5 ring-1 ring-slate-200"
            data-testid="present-person"
          >
            <Avatar
              size="xs"
              initials={initialsOfName(person.name)}
              className="!bg-none text-white"
              style={{ backgroundColor: person.color }}
            />
            <span className="font-medium text-slate-800">{person.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
