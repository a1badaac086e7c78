import { useState, type FormEvent } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useCreateCollection } from '../api/create-collection';

const initial = { name: '', description: '', is_active: true, is_public: true };

/**
 * Create Collection: name required, Active and Public checked; failure stays inline
 * (docs/product.md, "Error catalogue").
 */
export function CreateCollectionModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: number;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const create = useCreateCollection(user);

  function close() {
    if (create.isPending) return;
    setValues(initial);
    setNameError(undefined);
    setFailed(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) {
      setNameError('Name is required.');
      return;
    }
    setFailed(false);
    create.mutate(
      { ...values, name },
      {
        onSuccess: () => {
          setValues(initial);
          onClose();
        },
        onError: () => setFailed(true),
      },
    );
  }

  return (
    <Modal
      open={open}
      title="Create Collection"
      onClose={close}
      footer={
        <DialogActions
          type="submit"
          form="create-collection-form"
          pending={create.isPending}
          onCancel={close}
        >
          {create.isPending ? 'Creating...' : 'Create'}
        </DialogActions>
      }
    >
      <form id="create-collection-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Name"
          required
          maxLength={200}
          value={values.name}
          error={nameError}
          data-autofocus
          onChange={(event) => {
            setValues((current) => ({ ...current, name: event.target.value }));
            setNameError(undefined);
          }}
        />
        <TextArea
          label="Description"
          rows={3}
          maxLength={5000}
          value={values.description}
          onChange={(event) =>
            setValues((current) => ({ ...current, description: event.target.value }))
          }
        />
        <div className="flex flex-wrap gap-6">
          <Checkbox
            label="Active"
            checked={values.is_active}
            onChange={(is_active) => setValues((current) => ({ ...current, is_active }))}
          />
          <Checkbox
            label="Public"
            checked={values.is_public}
            onChange={(is_public) => setValues((current) => ({ ...current, is_public }))}
          />
        </div>
        {failed && (
          <FormMessage tone="error">Failed to create collection. Please try again.</FormMessage>
        )}
      </form>
    </Modal>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 accent-indigo-600"
      />
      {label}
    </label>
  );
}
