import type { CollectionPatchBody } from '@cw/contract';
import { useState } from 'react';
import { useFlashMessage } from '../../../components/flash-message';
import { useUpdateCollection } from '../api/update-collection';

/** The collection page's toggles and tag picker: busy one at a time. */
export type CollectionField = 'tags' | 'status' | 'visibility';

/**
 * Changes of a collection from its page: `patch` sends one change; while a toggle's change
 * runs, `busyField` names it; a failure shows `failure` for a few seconds (`flash`) and rejects.
 */
export function useCollectionEdit(collectionId: number) {
  const update = useUpdateCollection(collectionId);
  const flash = useFlashMessage();
  const [busyField, setBusyField] = useState<CollectionField | null>(null);

  function patch(body: CollectionPatchBody, failure: string, field?: CollectionField) {
    if (field) setBusyField(field);
    return update.mutateAsync(body).then(
      (answer) => {
        if (field) setBusyField(null);
        return answer;
      },
      (error: unknown) => {
        if (field) setBusyField(null);
        flash.show(failure);
        throw error;
      },
    );
  }

  return { patch, busyField, flash };
}

export type CollectionEdit = ReturnType<typeof useCollectionEdit>;

/** For a change whose failure the flash already tells. */
export const quiet = (promise: Promise<unknown>) => void promise.catch(() => undefined);
