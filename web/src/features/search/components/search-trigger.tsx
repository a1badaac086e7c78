import { Search } from 'lucide-react';
import { forwardRef } from 'react';
import { shortcutLabel } from '../use-palette-shortcuts';
import { Kbd } from './palette-keys';

/**
 * The top bar's search field: a button that looks like one and opens the palette. A magnifier
 * alone on phones; the shortcut is shown from `sm` up.
 */
export const SearchTrigger = forwardRef<HTMLButtonElement, { onOpen: () => void }>(
  function SearchTrigger({ onOpen }, ref) {
    const shortcut = shortcutLabel();
    return (
      <button
        ref={ref}
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        aria-label="Open search"
        data-testid="search-trigger"
        className="flex h-10 min-w-0 items-center gap-2 rounded-lg text-sm text-slate-600 ring-slate-300 ring-inset hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 max-sm:size-11 max-sm:justify-center sm:w-64 sm:bg-white sm:px-3 sm:ring-1 sm:hover:bg-slate-50 lg:w-80"
      >
        <Search className="size-5 shrink-0 text-slate-500 sm:size-4" aria-hidden="true" />
        <span className="hidden flex-1 truncate text-left sm:inline">Search...</span>
        <span className="hidden sm:inline" aria-hidden="true">
          <Kbd>{shortcut}</Kbd>
        </span>
      </button>
    );
  },
);
