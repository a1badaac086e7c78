import type { CollectionScope, ContentItem } from '@cw/contract';
import { FilterSelect } from './library-filters';

/**
 * Whose items the board and the calendar show (decision 220): they ask the API for `scope=all`
 * once and filter here, so switching costs no request. "Mine" is what the person owns; what they
 * wrote in someone else's shared collection is its owner's, so it is "Shared with me".
 */
export const SCOPE_LABELS: Record<CollectionScope, string> = {
  all: 'All',
  mine: 'Mine',
  shared: 'Shared with me',
};

/** `?scope=` → the filter; anything else (or nothing) is All. */
export function scopeFromParam(value: string | null): CollectionScope {
  return value === 'mine' || value === 'shared' ? value : 'all';
}

export function inScope(item: Pick<ContentItem, 'role'>, scope: CollectionScope): boolean {
  if (scope === 'all') return true;
  return scope === 'mine' ? item.role === 'owner' : item.role !== 'owner';
}

/** The Show select: All / Mine / Shared with me. An empty value is All (no `?scope=`). */
export function ScopeSelect({
  scope,
  onChange,
}: {
  scope: CollectionScope;
  onChange: (value: string) => void;
}) {
  return (
    <FilterSelect label="Show" value={scope === 'all' ? '' : scope} onChange={onChange}>
      <option value="">{SCOPE_LABELS.all}</option>
      <option value="mine">{SCOPE_LABELS.mine}</option>
      <option value="shared">{SCOPE_LABELS.shared}</option>
    </FilterSelect>
  );
}
