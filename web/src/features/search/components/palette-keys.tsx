import type { ReactNode } from 'react';

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-sans text-[0.6875rem] font-medium text-slate-600">
      {children}
    </kbd>
  );
}

/** The palette's foot: which keys move, open and close (for a mouse user; hidden from readers). */
export function PaletteKeys() {
  return (
    <div
      className="hidden items-center gap-4 border-t border-slate-100 px-4 py-2 text-xs text-slate-500 sm:flex"
      aria-hidden="true"
    >
      <span>
        <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move
      </span>
      <span>
        <Kbd>Enter</Kbd> to open
      </span>
      <span>
        <Kbd>Esc</Kbd> to close
      </span>
    </div>
  );
}
