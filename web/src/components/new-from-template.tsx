import type { Template } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { LayoutTemplate, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  templatesQueryOptions,
  useCreateFromTemplate,
  useDeleteTemplate,
} from '../lib/api/templates';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { FormMessage } from './form-message';
import { IconButton } from './icon-button';
import { Modal } from './modal';
import { Spinner } from './spinner';

/**
 * "New from template" (docs/product.md, "Templates"): picks a built-in or saved template and
 * opens the new item in the editor, in `collection` when given.
 */
export function NewFromTemplate({
  collection,
  variant = 'secondary',
  size = 'sm',
}: {
  collection?: number;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} icon={LayoutTemplate} onClick={() => setOpen(true)}>
        New from template
      </Button>
      {open && <TemplatePicker collection={collection} onClose={() => setOpen(false)} />}
    </>
  );
}

export function TemplatePicker({
  collection,
  onClose,
}: {
  collection?: number | undefined;
  onClose: () => void;
}) {
  const templates = useQuery(templatesQueryOptions());
  const create = useCreateFromTemplate();
  const remove = useDeleteTemplate();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  function use(template: Template) {
    setFailure(null);
    create.mutate(
      { id: template.id, ...(collection === undefined ? {} : { collection }) },
      {
        onSuccess: (item) => void navigate(`/content/${item.id}/edit`),
        onError: () => setFailure('Failed to create the item. Please try again.'),
      },
    );
  }

  return (
    <Modal open title="New from template" onClose={onClose} size="lg">
      {templates.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading templates..." />
        </div>
      ) : templates.isError ? (
        <FormMessage tone="error">Failed to load the templates. Please try again.</FormMessage>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Templates">
          {templates.data.map((template) => (
            <li
              key={template.id}
              className="flex flex-col gap-2 rounded-xl p-4 ring-1 ring-slate-200"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                  {template.name}
                </h3>
                {!template.builtin && (
                  <IconButton
                    label={`Delete template ${template.name}`}
                    icon={Trash2}
                    onClick={() =>
                      remove.mutate(template.id, {
                        onError: () => setFailure('Failed to delete the template.'),
                      })
                    }
                  />
                )}
              </div>
              {template.description && (
                <p className="text-sm text-slate-600">{template.description}</p>
              )}
              <p className="text-xs text-slate-500">
                {template.builtin ? 'Built-in' : 'Yours'} · starts as {template.status}
                {template.checklist.length > 0 && ` · ${template.checklist.length} checks`}
              </p>
              <Button
                size="sm"
                className="mt-auto self-start"
                aria-label={`Use ${template.name}`}
                loading={create.isPending && create.variables?.id === template.id}
                disabled={create.isPending}
                onClick={() => use(template)}
              >
                Use
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormMessage tone="error" className="mt-3">
        {failure}
      </FormMessage>
    </Modal>
  );
}
