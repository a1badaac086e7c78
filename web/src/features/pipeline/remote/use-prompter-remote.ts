import { useEffect, useEffectEvent, useState } from 'react';
import { newRemoteKey, type PrompterState, type RemoteCommand } from './remote-channel';
import { useRemoteChannel, useRemoteField } from './use-remote-channel';

/**
 * The teleprompter's end of its remote (decision 242), open once `enabled` (the person opened
 * Remote) and for as long as the page is: the key for the phone's address, whether the channel
 * is connected and how many phones are on it. `state` is published on every change; each command
 * of a phone reaches `onCommand`.
 */
export function usePrompterRemote(
  user: number,
  enabled: boolean,
  state: Omit<PrompterState, 'session'>,
  onCommand: (command: RemoteCommand) => void,
) {
  const [key] = useState(newRemoteKey);
  const [session] = useState(newRemoteKey);
  const channel = useRemoteChannel(user, key, enabled);
  const command = useEffectEvent(onCommand);

  useEffect(() => channel?.onCommand(session, (next) => command(next)), [channel, session]);

  const { title, sections, playing, wordsPerMinute } = state;
  const sectionsKey = sections.join('\n');
  useEffect(() => {
    channel?.publish({
      session,
      title,
      sections: sectionsKey ? sectionsKey.split('\n') : [],
      playing,
      wordsPerMinute,
    });
  }, [channel, session, title, sectionsKey, playing, wordsPerMinute]);

  const connected = useRemoteField(channel, (open) => open.connected, false);
  const phones = useRemoteField(channel, (open) => open.remotes(), 0);
  return { key, connected, phones };
}
