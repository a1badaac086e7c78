import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonVariant } from './button';

/** How long "Copied!" shows, as the account page's email copy (docs/product.md). */
const COPIED_MS = 1200;

/**
 * A button that copies `text()` to the clipboard and says "Copied!" for a moment; when the
 * browser refuses, it says how to copy by hand (the text stays on the page).
 */
export function CopyButton({
  text,
  children,
  variant = 'secondary',
  className,
}: {
  text: () => string;
  children: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant={variant}
        icon={state === 'copied' ? Check : Copy}
        onClick={() => void copy()}
        className={className}
      >
        {state === 'copied' ? 'Copied!' : children}
      </Button>
      <span aria-live="polite" className="text-xs">
        {state === 'copied' && <span className="sr-only">Copied!</span>}
        {state === 'failed' && (
          <span className={variant === 'outline-light' ? 'text-red-200' : 'text-red-700'}>
            Could not copy. Select the text and copy it by hand.
          </span>
        )}
      </span>
    </span>
  );
}
