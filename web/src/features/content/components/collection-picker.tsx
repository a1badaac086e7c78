import type { Collection } from '@cw/contract';
import { FolderOpen, X } from 'lucide-react';
import { memo } from 'react';
import { TagCombobox } from '../../../components/tag-combobox';

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
  const selectedSet = new Set(selected);
  const byId = new Map(collections.map((collection) => [collection.id, collection]));
  const chosen = selected.flatMap((id) => {
    const collection = byId.get(id);
    return collection ? [collection] : [];
  });
  return (
    <div>
      {chosen.length === 0 ? (
        <p className="mb-2 text-sm text-slate-500 italic">In no collection</p>
      ) : (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Selected collections">
          {chosen.map((collection) => (
            <li key={collection.id} className="max-w-full min-w-0">
              <span className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-emerald-50 py-0.5 pr-1 pl-2 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
                <FolderOpen className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate" title={collection.name}>
                  {collection.name}
                </span>
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={`Remove from collection ${collection.name}`}
                  onClick={() => onChange(selected.filter((id) => id !== collection.id))}
                  className="inline-flex size-5 shrink-0 items-center justify-center rounded-full hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700"
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <TagCombobox
        label="Search or select collections"
        options={collections}
        selectedIds={selectedSet}
        loading={loading}
        disabled={disabled}
        emptyText={loading ? 'Loading...' : 'No collections found.'}
        onPick={(collection) =>
          onChange(
            selectedSet.has(collection.id)
              ? selected.filter((id) => id !== collection.id)
              : [...selected, collection.id],
          )
        }
      />
    </div>
  );
});
