import { Check, Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';
import { IconButton } from '../../../components/icon-button';

/**
 * Click-to-edit name (docs/product.md, "States and transitions"): Save with a blank or unchanged
 * name just leaves edit mode and keeps the old name; otherwise the new name shows at once and a
 * failed save restores the old.
 */
export function CollectionTitle({
  name,
  onRename,
}: {
  name: string;
  /** Resolves when saved; rejects when the save failed. */
  onRename: (name: string) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [pendingName, setPendingName] = useState<string | null>(null);

  function startEditing() {
    setDraft(name);
    setEditing(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    setEditing(false);
    if (!next || next === name) {
      setDraft(name);
      return;
    }
    setPendingName(next);
    onRename(next)
      .catch(() => setDraft(name))
      .finally(() => setPendingName(null));
  }

  if (editing) {
    return (
      <form
        onSubmit={save}
        className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center"
      >
        <input
          aria-label="Collection name"
          value={draft}
          maxLength={200}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
          className={`${inputClasses} text-lg font-semibold`}
        />
        <div className="flex shrink-0 gap-2">
          <Button type="submit" size="sm" icon={Check}>
            Save
          </Button>
          <Button variant="secondary" size="sm" icon={X} onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex min-w-0 items-start gap-2">
      <h1
        className="min-w-0 cursor-text text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900"
        onClick={startEditing}
        title="Click to edit"
      >
        {pendingName ?? name}
      </h1>
      <IconButton icon={Pencil} label="Edit name" className="mt-1" onClick={startEditing} />
    </div>
  );
}
