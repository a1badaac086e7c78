import type { Collection } from '@cw/contract';
import { FolderOpen, X } from 'lucide-react';
import { memo } from 'react';
import { ChosenPicker } from './chosen-picker';

/**
 * Which of the user's collections the item sits in: the chosen ones as removable chips, and a
 * search box whose dropdown toggles them. Memoised: typing in the script must not re-render it.
 */
export const CollectionPicker = memo(function CollectionPicker({
  collections,
  loading,
  selected,
  onChange,
  disabled,
}: {
  collections: readonly Pick<Collection, 'id' | 'name'>[];
  loading: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  return (
    <ChosenPicker
      label="Search or select collections"
      options={collections}
      selected={selected}
      onChange={onChange}
      none="In no collection"
      listLabel="Selected collections"
      loading={loading}
      disabled={disabled}
      emptyText={loading ? 'Loading...' : 'No collections found.'}
      chip={(collection, remove) => (
        <span className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-emerald-50 py-0.5 pr-1 pl-2 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
          <FolderOpen className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate" title={collection.name}>
            {collection.name}
          </span>
          <button
            type="button"
            disabled={disabled}
            aria-label={`Remove from collection ${collection.name}`}
            onClick={remove}
            className="inline-flex size-5 shrink-0 items-center justify-center rounded-full hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </span>
      )}
    />
  );
});
