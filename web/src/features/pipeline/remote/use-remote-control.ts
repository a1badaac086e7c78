import { useCallback, useEffect } from 'react';
import { REMOTE_KEY, type RemoteCommand } from './remote-channel';
import { useRemoteChannel, useRemoteField } from './use-remote-channel';

/**
 * The phone's end of a teleprompter remote (decision 242): the teleprompter on channel `key` of
 * the signed-in person (null while there is none), and `send` for commands.
 */
export function useRemoteControl(user: number, key: string) {
  const valid = REMOTE_KEY.test(key);
  const channel = useRemoteChannel(user, key, valid);
  useEffect(() => channel?.join(), [channel]);
  const connected = useRemoteField(channel, (open) => open.connected, false);
  const prompter = useRemoteField(channel, (open) => open.prompter(), null);
  const send = useCallback((command: RemoteCommand) => channel?.send(command) ?? false, [channel]);
  return { valid, connected, prompter, send };
}
