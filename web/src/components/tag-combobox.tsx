import { clsx } from 'clsx';
import { Check, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { inputClasses } from './text-field';

export interface TagOption {
  id: number;
  name: string;
}

/** Case-insensitive substring match (docs/product.md, "Validation rules"). */
export function filterTags<T extends TagOption>(tags: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...tags];
  return tags.filter((tag) => tag.name.toLowerCase().includes(needle));
}

export interface TagComboboxProps {
  /** Accessible name of the input (also its placeholder unless one is given). */
  label: string;
  placeholder?: string;
  /** The tags to offer (the caller leaves out those that must not be offered). */
  options: readonly TagOption[];
  /**
   * Every tag of the user, when `options` leaves some out: an exact name here is not offered for
   * creation.
   */
  existing?: readonly TagOption[];
  /** Offered tags shown with a check mark (a toggling picker). */
  selectedIds?: ReadonlySet<number>;
  onPick: (tag: TagOption) => void;
  /** Creates a tag from the typed text; offered when nothing matches. */
  onCreate?: (name: string) => void | Promise<unknown>;
  /** How the create offer reads. */
  createVariant?: 'option' | 'question';
  loading?: boolean;
  disabled?: boolean;
  /** Keep the dropdown open after a pick (the side panel adds several tags in a row). */
  closeOnPick?: boolean;
  emptyText?: string;
  className?: string;
}

/**
 * An input with a dropdown of tags, filtered as you type (case-insensitive substring). When
 * nothing matches typed text it offers to create it. Closes on a pick, Escape or a click
 * outside. Arrow keys move through the options; Enter picks (or creates).
 */
export function TagCombobox({
  label,
  placeholder,
  options,
  existing = options,
  selectedIds,
  onPick,
  onCreate,
  createVariant = 'option',
  loading = false,
  disabled = false,
  closeOnPick = true,
  emptyText = 'No tags found',
  className,
}: TagComboboxProps) {
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState(false);

  const matches = useMemo(() => filterTags(options, query), [options, query]);
  const text = query.trim();
  const canCreate =
    Boolean(onCreate) &&
    text !== '' &&
    matches.length === 0 &&
    !existing.some((tag) => tag.name.toLowerCase() === text.toLowerCase());

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function pick(tag: TagOption) {
    onPick(tag);
    setQuery('');
    setActive(-1);
    if (closeOnPick) setOpen(false);
  }

  async function create() {
    if (!onCreate || !text || creating) return;
    setCreating(true);
    try {
      await onCreate(text);
      setQuery('');
      if (closeOnPick) setOpen(false);
    } catch {
      // The caller shows the failure; keep the text so the user can retry.
    } finally {
      setCreating(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (open && chosen) pick(chosen);
      else if (canCreate) void create();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div ref={rootRef} className={clsx('relative', className)}>
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder ?? label}
        value={query}
        disabled={disabled}
        maxLength={50}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={inputClasses}
      />
      {open && (
        <div
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-48 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-900/10"
          data-testid="tag-dropdown"
        >
          <ul id={listId} role="listbox" aria-label={`${label} suggestions`}>
            {matches.map((tag, index) => {
              const selected = selectedIds?.has(tag.id) ?? false;
              return (
                <li
                  key={tag.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(tag)}
                  onMouseEnter={() => setActive(index)}
                  className={clsx(
                    'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
                    index === active ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700',
                  )}
                >
                  <span className="min-w-0 truncate" title={tag.name}>
                    {tag.name}
                  </span>
                  {selected && (
                    <Check className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
                  )}
                </li>
              );
            })}
          </ul>
          {matches.length === 0 &&
            (loading ? (
              <p className="px-3 py-2 text-sm text-slate-500">Loading...</p>
            ) : canCreate && createVariant === 'option' ? (
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void create()}
                disabled={creating}
                className="flex w-full min-w-0 items-center gap-2 px-3 py-2 text-left text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
              >
                <Plus className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">Create &quot;{text}&quot;</span>
              </button>
            ) : canCreate ? (
              <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-slate-600">
                <span className="min-w-0 [overflow-wrap:anywhere] break-words">
                  No tags found. Create &quot;{text}&quot;?
                </span>
                <button
                  type="button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void create()}
                  disabled={creating}
                  className="shrink-0 rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
                >
                  {creating ? 'Adding...' : 'Add'}
                </button>
              </div>
            ) : (
              <p className="px-3 py-2 text-sm text-slate-500">{emptyText}</p>
            ))}
        </div>
      )}
    </div>
  );
}
