import { useEffect, useRef } from 'react';

/** True while typing goes into a field: "/" belongs to the field there. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset'].includes(
    target.type,
  );
}

/**
 * Ctrl+K (Cmd+K on a Mac) anywhere, and "/" when the focus is not in a text field, call
 * `onOpen` (decision 111). Neither fires while another dialog is open, so two focus traps never
 * stack.
 */
export function usePaletteShortcuts(onOpen: () => void) {
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const commandK =
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTextField(event.target);
      if (!commandK && !slash) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      onOpenRef.current();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** "⌘K" on Apple devices, "Ctrl K" elsewhere. */
export function shortcutLabel(): string {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘K' : 'Ctrl K';
}
