import type { Tag } from '@cw/contract';
import { memo, useState } from 'react';
import { Button } from '../../../components/button';
import { TagChip } from '../../../components/tag-chip';
import { TextField } from '../../../components/text-field';
import { ChosenPicker } from './chosen-picker';

/**
 * The content form's tag picker (docs/product.md, "Screens and routes"): selected tags as removable
 * chips (or No tags selected), a Search or select tags input whose dropdown toggles tags and offers
 * `No tags found. Create "text"?` + Add; with no tags at all, a New tag name input and Create Tag.
 */
/** Memoised: typing in the content editor must not re-render it. */
export const TagPicker = memo(function TagPicker({
  tags,
  loading,
  selected,
  onChange,
  onCreate,
}: {
  tags: Tag[];
  loading: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Creates a tag and resolves with it (rejects on failure; the caller reports it). */
  onCreate: (name: string) => Promise<Tag>;
}) {
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);

  async function create(name: string) {
    const tag = await onCreate(name);
    if (!selected.includes(tag.id)) onChange([...selected, tag.id]);
  }

  function createNew() {
    const name = newName.trim();
    if (!name || creating) return;
    setCreating(true);
    create(name)
      .then(() => setNewName(''))
      .catch(() => undefined)
      .finally(() => setCreating(false));
  }

  if (!loading && tags.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-3">
        <p className="text-sm text-slate-500">No tags found.</p>
        <div className="mt-2 flex gap-2">
          <TextField
            label="New tag name"
            hideLabel
            placeholder="New tag name"
            maxLength={50}
            value={newName}
            containerClassName="min-w-0 flex-1"
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                createNew();
              }
            }}
          />
          <Button
            variant="secondary"
            loading={creating}
            disabled={newName.trim() === ''}
            onClick={createNew}
          >
            Create Tag
          </Button>
        </div>
      </div>
    );
  }

  return (
    <ChosenPicker
      label="Search or select tags"
      options={tags}
      selected={selected}
      onChange={onChange}
      none="No tags selected"
      listLabel="Selected tags"
      loading={loading}
      createVariant="question"
      emptyText="No tags found."
      onCreate={create}
      chip={(tag, remove) => <TagChip name={tag.name} onRemove={remove} />}
    />
  );
});
