import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useCollabTransport } from '../../../lib/collab-transport';
import { RemoteChannel } from './remote-channel';

const nothing = () => () => undefined;

/**
 * A remote channel (decision 242) of `user` while `enabled` and the component is mounted; null
 * until made, and when not enabled.
 */
export function useRemoteChannel(user: number, key: string, enabled: boolean) {
  const connect = useCollabTransport();
  const [channel, setChannel] = useState<RemoteChannel | null>(null);
  // The channel is a resource with a life (a socket): made and ended by the effect, and handed
  // to the render through state, as the writing page's session is.
  /* eslint-disable react-hooks/set-state-in-effect */
  useEffect(() => {
    if (!enabled) {
      setChannel(null);
      return;
    }
    const made = new RemoteChannel(connect, user, key);
    setChannel(made);
    return () => made.destroy();
  }, [enabled, connect, user, key]);
  /* eslint-enable react-hooks/set-state-in-effect */
  return channel;
}

/** What `read` says of the channel, rendered again when it changes (`fallback` without one). */
export function useRemoteField<T>(
  channel: RemoteChannel | null,
  read: (channel: RemoteChannel) => T,
  fallback: T,
): T {
  const subscribe = useCallback(
    (listener: () => void) => (channel ? channel.subscribe(listener) : nothing()),
    [channel],
  );
  return useSyncExternalStore(subscribe, () => (channel ? read(channel) : fallback));
}
