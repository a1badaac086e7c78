import type { ContentStatus } from '@cw/contract';
import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { STATUS_LABELS } from './content-card';
import { inputClasses } from './text-field';

/** A labelled select of a filter bar (/content, /search). */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:w-44">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className={inputClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

interface Named {
  id: number;
  name: string;
}

/**
 * The Collection, Tag and Status selects that /content and /search share. An empty value is
 * "all"; `onChange(name, value)` gets the address parameter's name (`collection`, `tag`, `status`).
 */
export function LibraryFilterSelects({
  filters,
  collections,
  tags,
  onChange,
  withStatus = true,
}: {
  filters: { collection?: number; tag?: number; status?: ContentStatus };
  collections: readonly Named[] | undefined;
  tags: readonly Named[] | undefined;
  onChange: (name: 'collection' | 'tag' | 'status', value: string) => void;
  /** False where the status is the screen's own layout (the board's columns). */
  withStatus?: boolean;
}) {
  return (
    <>
      <FilterSelect
        label="Collection"
        value={filters.collection ? String(filters.collection) : ''}
        onChange={(value) => onChange('collection', value)}
      >
        <option value="">All collections</option>
        {collections?.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Tag"
        value={filters.tag ? String(filters.tag) : ''}
        onChange={(value) => onChange('tag', value)}
      >
        <option value="">All tags</option>
        {tags?.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </FilterSelect>
      {withStatus && (
        <FilterSelect
          label="Status"
          value={filters.status ?? ''}
          onChange={(value) => onChange('status', value)}
        >
          <option value="">Any status</option>
          {Object.entries(STATUS_LABELS).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </FilterSelect>
      )}
    </>
  );
}

/**
 * The filter bar of /content and /search: the screen's own first select (`children`), the
 * Collection, Tag and Status selects, and Clear filters while any filter is set.
 */
export function LibraryFilterBar({
  label,
  children,
  filtered,
  onClear,
  ...selects
}: {
  label: string;
  children: ReactNode;
  filtered: boolean;
  onClear: () => void;
} & Parameters<typeof LibraryFilterSelects>[0]) {
  return (
    <div
      role="group"
      aria-label={label}
      className="mb-6 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      {children}
      <LibraryFilterSelects {...selects} />
      {filtered && (
        <Button variant="secondary" onClick={onClear} className="col-span-2 sm:col-span-1">
          Clear filters
        </Button>
      )}
    </div>
  );
}
