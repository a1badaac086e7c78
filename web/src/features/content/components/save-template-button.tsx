import type { ContentItem } from '@cw/contract';
import { TEMPLATE_NAME_MAX } from '@cw/contract/template-limits';
import { LayoutTemplate } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useSaveTemplate } from '../../../lib/api/templates';

/**
 * "Save as template" (docs/product.md, "Templates"): the item's text, status and tags (the
 * owner's: a co-creator's template takes none) as a template of the person's own.
 */
export function SaveTemplateButton({ item }: { item: ContentItem }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(item.title);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveTemplate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the template a name.');
      return;
    }
    setError(null);
    save.mutate(
      {
        name: trimmed,
        content: item.content,
        status: item.status,
        tags: item.role === 'owner' ? item.tags_named_list.map((tag) => tag.name) : [],
      },
      {
        onSuccess: (template) =>
          setSaved(`Saved as template “${template.name}”. Find it under New from template.`),
        onError: () => setError('Failed to save the template. Please try again.'),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={LayoutTemplate}
        onClick={() => {
          setName(item.title);
          setSaved(null);
          setOpen(true);
        }}
      >
        Save as template
      </Button>
      <Modal
        open={open}
        title="Save as template"
        description="New items made from it start with this text, status and tags."
        onClose={() => setOpen(false)}
        size="sm"
      >
        <div aria-live="polite">{saved && <FormMessage tone="success">{saved}</FormMessage>}</div>
        {saved ? (
          <div className="mt-4 flex justify-end">
            <Button onClick={() => setOpen(false)}>Done</Button>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <TextField
              label="Template name"
              value={name}
              maxLength={TEMPLATE_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              error={error ?? undefined}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save template
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
