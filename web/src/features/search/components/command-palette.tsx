import type { SearchResult } from '@cw/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowRight, History, Search, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useFocusTrap } from '../../../components/use-focus-trap';
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
import { ResultSummary } from './result-summary';

/** How long typing must pause before the palette asks the server (decision 111). */
export const PALETTE_DEBOUNCE_MS = 150;

/** The longest query the API takes (`SEARCH_Q_MAX` of the contract). */
export const SEARCH_Q_MAX = 200;

/** The /search page for `q`. */
export const searchPagePath = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

type Option =
  | { kind: 'recent'; id: string; text: string }
  | { kind: 'result'; id: string; result: SearchResult }
  | { kind: 'all'; id: string };

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
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useFocusTrap(true, panelRef, onClose);

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
  const options: Option[] =
    q === ''
      ? recent.map((item, index) => ({
          kind: 'recent',
          id: `${baseId}-recent-${index}`,
          text: item,
        }))
      : [
          ...groups.flatMap((group) =>
            group.results.map((result): Option => ({
              kind: 'result',
              id: `${baseId}-${result.type}-${result.id}`,
              result,
            })),
          ),
          { kind: 'all', id: `${baseId}-all` },
        ];

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
  let status: string | null = null;
  if (q === '') {
    status =
      recent.length === 0 ? 'Search content, notes, collections, files and tags by words.' : null;
  } else if (!failed && results.length === 0) {
    status = waiting ? 'Searching...' : `No results for "${q}".`;
  }

  const optionProps = (option: Option, index: number, extra?: string) => ({
    id: option.id,
    role: 'option' as const,
    'aria-selected': index === activeIndex,
    'data-index': index,
    className: clsx(
      'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
      index === activeIndex ? 'bg-indigo-50 ring-1 ring-indigo-200 ring-inset' : '',
      extra,
    ),
  });

  // Each group's first option index (options list the groups' results in this order).
  let offset = 0;
  const groupViews = groups.map((group) => {
    const start = offset;
    offset += group.results.length;
    return { ...group, start };
  });
  const all = options[options.length - 1];

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center sm:p-4 sm:pt-[10vh]">
      <div
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
        data-testid="palette-backdrop"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        tabIndex={-1}
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
            <button
              type="button"
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
              aria-label="Clear search text"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
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
            <p
              role="alert"
              className="mx-1 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {failure}
            </p>
          )}
          {failed && (
            <p
              role="alert"
              className="mx-1 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
            >
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
            <div
              id={listboxId}
              role="listbox"
              aria-label={q === '' ? 'Recent searches' : 'Search results'}
              className={clsx('flex flex-col gap-0.5', stale && q !== '' && 'opacity-70')}
              // One set of mouse handlers for every option; the focus stays in the field.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={(event) => {
                const at = optionIndexOf(event);
                if (at !== null && at !== activeIndex) choose(at);
              }}
              onClick={(event) => {
                const at = optionIndexOf(event);
                const option = at === null ? undefined : options[at];
                if (option) select(option);
              }}
            >
              {q === ''
                ? options.map((option, at) => (
                    <div key={option.id} {...optionProps(option, at)}>
                      <History className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                      <span className="min-w-0 truncate text-sm text-slate-800">
                        {option.kind === 'recent' ? option.text : ''}
                      </span>
                    </div>
                  ))
                : groupViews.map((group) => (
                    <div
                      key={group.type}
                      role="group"
                      aria-labelledby={`${baseId}-group-${group.type}`}
                      className="pb-1"
                    >
                      <div
                        id={`${baseId}-group-${group.type}`}
                        aria-hidden="true"
                        className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                      >
                        {group.label}
                      </div>
                      {group.results.map((result, position) => {
                        const at = group.start + position;
                        const option = options[at]!;
                        return (
                          <div
                            key={option.id}
                            data-testid="palette-result"
                            data-type={result.type}
                            {...optionProps(option, at)}
                          >
                            <ResultSummary result={result} active={at === activeIndex} />
                          </div>
                        );
                      })}
                    </div>
                  ))}
              {q !== '' && all?.kind === 'all' && (
                <div
                  key={all.id}
                  data-testid="palette-see-all"
                  {...optionProps(all, options.length - 1, 'mt-1')}
                >
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
                    aria-hidden="true"
                  >
                    <ArrowRight className="size-4" />
                  </span>
                  <span className="min-w-0 truncate text-sm font-medium text-indigo-700">
                    See all results for &ldquo;{q}&rdquo;
                  </span>
                </div>
              )}
            </div>
          )}
        </div>

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
      </div>
    </div>
  );
}

/** The index of the option under the mouse (`data-index`), or null. */
function optionIndexOf(event: MouseEvent): number | null {
  const element = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
  const index = Number(element?.getAttribute('data-index'));
  return element && Number.isInteger(index) ? index : null;
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-sans text-[0.6875rem] font-medium text-slate-600">
      {children}
    </kbd>
  );
}
