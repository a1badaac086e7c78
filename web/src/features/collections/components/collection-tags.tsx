import type { Collection, Tag } from '@cw/contract';
import { useMemo } from 'react';
import { TagChip, tagHref } from '../../../components/tag-chip';
import { TagCombobox } from '../../../components/tag-combobox';

/**
 * The side panel's Tags: chips with ×, and an Add tag input whose dropdown offers the user's
 * tags not yet on the collection, or to create the typed one.
 */
export function CollectionTags({
  collection,
  allTags,
  tagsLoading,
  busy,
  onChangeTags,
  onCreateTag,
}: {
  collection: Collection;
  allTags: Tag[];
  tagsLoading: boolean;
  busy: boolean;
  onChangeTags: (ids: number[]) => void;
  onCreateTag: (name: string) => Promise<unknown>;
}) {
  const offered = useMemo(
    () => allTags.filter((tag) => !collection.tags.includes(tag.id)),
    [allTags, collection.tags],
  );
  return (
    <div>
      {collection.tags_named_list.length === 0 ? (
        <p className="text-sm text-slate-500 italic">No tags yet</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Collection tags">
          {collection.tags_named_list.map((tag) => (
            <li key={tag.id} className="max-w-full min-w-0">
              <TagChip
                name={tag.name}
                href={tagHref(tag)}
                disabled={busy}
                onRemove={() => onChangeTags(collection.tags.filter((id) => id !== tag.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <TagCombobox
        className="mt-3"
        label="Add tag"
        options={offered}
        existing={allTags}
        loading={tagsLoading}
        onPick={(tag) => {
          // One change at a time: each PATCH sends the whole list.
          if (!busy) onChangeTags([...collection.tags, tag.id]);
        }}
        onCreate={onCreateTag}
      />
    </div>
  );
}
