import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-area';

/**
 * Click-to-edit description (docs/product.md, "States and transitions"): may be saved empty,
 * disabled while the update runs, and a failure restores the old value.
 */
export function CollectionDescription({
  description,
  onSave,
}: {
  description: string;
  onSave: (description: string) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(description);
  const [saving, setSaving] = useState(false);

  function startEditing() {
    setDraft(description);
    setEditing(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft === description) {
      setEditing(false);
      return;
    }
    setSaving(true);
    onSave(draft)
      .then(() => setEditing(false))
      .catch(() => {
        setDraft(description);
        setEditing(false);
      })
      .finally(() => setSaving(false));
  }

  if (editing) {
    return (
      <form onSubmit={save} className="space-y-2">
        <TextArea
          label="Description"
          hideLabel
          rows={4}
          maxLength={5000}
          value={draft}
          disabled={saving}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={saving}>
            Save
          </Button>
          <Button variant="secondary" size="sm" disabled={saving} onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <button
      type="button"
      onClick={startEditing}
      aria-label="Edit description"
      className="group -m-2 flex w-full items-start justify-between gap-2 rounded-lg p-2 text-left hover:bg-slate-50"
    >
      <span
        className={
          description
            ? 'min-w-0 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700'
            : 'text-sm text-slate-500 italic'
        }
      >
        {description || 'No description.'}
      </span>
      <Pencil
        className="mt-0.5 size-4 shrink-0 text-slate-300 group-hover:text-slate-500"
        aria-hidden="true"
      />
    </button>
  );
}
