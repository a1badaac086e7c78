import type { FileObject } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { callApi } from '../../../lib/api-client';
import { contentQueryOptions } from '../../../lib/api/contents';

/**
 * "On public page" for one attached file (docs/product.md, "Publishing"; decision 230): files
 * are private unless ticked, even on a public item. Saved at once; the item is read again.
 */
export function FilePublicToggle({ file, contentId }: { file: FileObject; contentId: number }) {
  const queryClient = useQueryClient();
  const id = useId();
  const change = useMutation({
    mutationFn: (isPublic: boolean) =>
      callApi('files.update', { params: { id: file.id }, body: { is_public: isPublic } }),
    onSuccess: () => queryClient.invalidateQueries(contentQueryOptions(contentId)),
  });
  const checked = change.isPending ? !file.is_public : file.is_public;
  return (
    <div className="mt-1 flex items-center gap-1.5 text-xs">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
        className="size-3.5 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <label htmlFor={id} className="text-slate-600">
        On public page
        <span className="sr-only"> ({file.name})</span>
      </label>
      {change.isError && (
        <span role="alert" className="text-red-600">
          Could not change this. Please try again.
        </span>
      )}
    </div>
  );
}
