import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/**
 * Navigate after a delay (the spec's "go to X after 1.2s"), cancelled if the screen unmounts.
 * Returns [schedule, isPending-ref-free cancel].
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void navigate(to, options);
      }, delayMs);
    },
    [navigate],
  );
}
