import type { Tag } from '@cw/contract';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { FieldLabel, inputClasses } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useMergeTag } from '../api/manage-tags';
import { usageLabel } from './tag-row';

/**
 * Merge {tag} into another: the person picks the tag to keep; every content item and collection
 * carrying {tag} carries that one instead, and {tag} is deleted. A failure stays in the dialog.
 */
export function MergeTagDialog({
  source,
  tags,
  onClose,
  onMerged,
}: {
  source: Tag | null;
  tags: Tag[];
  onClose: () => void;
  onMerged: (source: Tag, into: Tag) => void;
}) {
  const user = useCurrentUser();
  const merge = useMergeTag(user.id);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const targets = tags.filter((tag) => tag.id !== source?.id);

  function close() {
    if (merge.isPending) return;
    setInto('');
    setError(null);
    onClose();
  }

  function confirm() {
    if (!source) return;
    if (!into) {
      setError('Choose the tag to merge into.');
      return;
    }
    setError(null);
    merge.mutate(
      { id: source.id, into: Number(into) },
      {
        onSuccess: (kept) => {
          setInto('');
          onClose();
          onMerged(source, kept);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.hasBody
              ? (failure.fieldErrors.into ?? failure.message)
              : 'Failed to merge the tags. Please try again.',
          ),
      },
    );
  }

  return (
    <Modal
      open={source !== null}
      title="Merge Tag"
      onClose={close}
      size="sm"
      footer={
        <DialogActions pending={merge.isPending} onCancel={close} onClick={confirm}>
          Merge
        </DialogActions>
      }
    >
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        Every content item and collection tagged{' '}
        <strong className="font-semibold text-slate-900">{source?.name}</strong> gets the tag you
        choose instead, and <strong className="font-semibold text-slate-900">{source?.name}</strong>{' '}
        is deleted. This action cannot be undone.
      </p>
      <div className="mt-4">
        <FieldLabel htmlFor={selectId}>Merge into</FieldLabel>
        <select
          id={selectId}
          value={into}
          onChange={(event) => {
            setError(null);
            setInto(event.target.value);
          }}
          className={inputClasses}
          data-autofocus
        >
          <option value="">Choose a tag</option>
          {targets.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name} ({usageLabel(tag.usage_count).toLowerCase()})
            </option>
          ))}
        </select>
      </div>
      {error && (
        <FormMessage tone="error" className="mt-3">
          {error}
        </FormMessage>
      )}
    </Modal>
  );
}
