import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { DialogLayer } from '../../../components/dialog-layer';
import { IconButton } from '../../../components/icon-button';
import { downloadFile } from '../../../lib/api/files';
import { paletteSearchQueryOptions } from '../../../lib/api/search';
import { useCurrentUser } from '../../../lib/current-user';
import {
  clearRecentSearches,
  readRecentSearches,
  rememberSearch,
} from '../../../lib/recent-searches';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { groupResults, resultPath } from '../result-target';
import { PaletteKeys } from './palette-keys';
import { PaletteListbox } from './palette-listbox';
import { paletteOptions, paletteStatus, type Option } from './palette-options';

/** How long typing must pause before the palette asks the server (decision 111). */
export const PALETTE_DEBOUNCE_MS = 150;

/** The longest query the API takes (`SEARCH_Q_MAX` of the contract). */
export const SEARCH_Q_MAX = 200;

/** The /search page for `q`. */
export const searchPagePath = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

/**
 * The command palette (Ctrl/Cmd+K, "/", or the top bar's Search): a dialog holding a combobox
 * whose listbox shows recent searches while the field is empty, then the answers for what is
 * typed, grouped by type. The keyboard choice is `aria-activedescendant` (focus stays in the
 * field): ArrowUp/Down move and wrap, Enter opens, Escape closes and gives focus back.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return createPortal(<Palette onClose={onClose} />, document.body);
}

function Palette({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const q = text.trim();
  const asked = useDebouncedValue(q, PALETTE_DEBOUNCE_MS);
  // Keyed by the text: a late answer for older text fills its own cache entry, never this one.
  const answer = useQuery({
    ...paletteSearchQueryOptions(user.id, asked),
    placeholderData: keepPreviousData,
  });
  const [recent, setRecent] = useState(() => readRecentSearches(user.id));
  const [failure, setFailure] = useState<string | null>(null);

  const results = q !== '' && asked !== '' ? (answer.data?.results ?? []) : [];
  const groups = groupResults(results);
  const options = paletteOptions(baseId, q, recent, groups);

  // The choice goes back to the first option whenever the options change.
  const optionsKey = options.map((option) => option.id).join(' ');
  const [choice, setChoice] = useState({ key: '', index: 0 });
  const activeIndex = choice.key === optionsKey && choice.index < options.length ? choice.index : 0;
  const active = options.length > 0 ? options[activeIndex] : undefined;
  const choose = (index: number) => setChoice({ key: optionsKey, index });

  useEffect(() => {
    if (!active) return;
    document.getElementById(active.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function go(path: string) {
    if (q) setRecent(rememberSearch(user.id, q));
    onClose();
    void navigate(path);
  }

  function select(option: Option) {
    setFailure(null);
    switch (option.kind) {
      case 'recent':
        setText(option.text);
        inputRef.current?.focus();
        return;
      case 'all':
        go(searchPagePath(q));
        return;
      case 'result': {
        const path = resultPath(option.result);
        if (path) {
          go(path);
          return;
        }
        setRecent(rememberSearch(user.id, q));
        downloadFile({ id: option.result.id, name: option.result.title }).then(onClose, () =>
          setFailure('Failed to download the file. Please try again.'),
        );
      }
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      choose((activeIndex + step + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) select(active);
    }
  }

  const stale = answer.isPlaceholderData || asked !== q;
  const waiting = q !== '' && (asked !== q || answer.isFetching);
  const failed = q !== '' && !stale && answer.isError;
  const status = paletteStatus(q, recent.length, results.length, failed, waiting);

  return (
    <DialogLayer
      placement="items-start sm:p-4 sm:pt-[10vh]"
      backdropTestId="palette-backdrop"
      onClose={onClose}
      aria-label="Search"
      data-testid="command-palette"
      className="relative flex h-dvh w-full max-w-2xl flex-col bg-white shadow-xl ring-1 ring-slate-900/5 focus:outline-none sm:h-auto sm:max-h-[75vh] sm:rounded-2xl"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 sm:px-4">
        <Search className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Search
        </label>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="text"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active?.id}
          aria-describedby={`${baseId}-help`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_Q_MAX}
          placeholder="Search everything..."
          value={text}
          onChange={(event) => {
            setFailure(null);
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          data-autofocus
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
        {text && (
          <IconButton
            icon={X}
            label="Clear search text"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          />
        )}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close search"
          className="inline-flex h-8 shrink-0 items-center justify-center rounded-lg px-2 text-sm font-medium text-indigo-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:text-xs sm:text-slate-600 sm:ring-1 sm:ring-slate-200"
        >
          {/* Phones have no Escape key. */}
          <span className="sm:hidden">Cancel</span>
          <span className="hidden sm:inline">Esc</span>
        </button>
      </div>
      <p id={`${baseId}-help`} className="sr-only">
        Up and down arrows choose a result, Enter opens it, Escape closes.
      </p>

      <div className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="palette-body">
        {failure && (
          <p role="alert" className="mx-1 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        )}
        {failed && (
          <p role="alert" className="mx-1 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            Search failed. Please try again.
          </p>
        )}
        <p
          role="status"
          className={clsx(status ? 'px-3 py-6 text-center text-sm text-slate-600' : 'sr-only')}
        >
          {status ??
            (q !== '' && results.length > 0 && !stale
              ? `${results.length} ${results.length === 1 ? 'result' : 'results'}`
              : '')}
        </p>

        {q === '' && recent.length > 0 && (
          <div className="flex items-center justify-between gap-2 px-3 pt-1 pb-1.5">
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Recent searches
            </h2>
            <button
              type="button"
              onClick={() => {
                clearRecentSearches(user.id);
                setRecent([]);
                inputRef.current?.focus();
              }}
              className="rounded-md px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Clear recent searches
            </button>
          </div>
        )}

        {options.length > 0 && (
          <PaletteListbox
            id={listboxId}
            baseId={baseId}
            q={q}
            options={options}
            groups={groups}
            activeIndex={activeIndex}
            stale={stale}
            onChoose={choose}
            onSelect={select}
          />
        )}
      </div>

      <PaletteKeys />
    </DialogLayer>
  );
}
