import { useCallback, useEffect, useRef, useState } from 'react';
import { FormMessage } from './form-message';

/**
 * A message shown for a few seconds, for failures the spec leaves silent (tag creation,
 * toggles): the user learns the action did not happen, without a dialog to dismiss.
 */
export function useFlashMessage(durationMs = 4000) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}

export function FlashMessage({
  message,
  className,
}: {
  message: string | null;
  className?: string;
}) {
  return (
    <FormMessage tone="error" className={className}>
      {message}
    </FormMessage>
  );
}
