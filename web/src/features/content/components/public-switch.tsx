import type { ContentItem } from '@cw/contract';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { FormMessage } from '../../../components/form-message';
import { useUpdateContent } from '../api/save-content';

/**
 * "Show on public page" (docs/product.md, "Publishing"): the owner's switch for whether the item
 * shows on the public pages of its published collections. Saved at once.
 */
export function PublicSwitch({ item }: { item: ContentItem }) {
  const update = useUpdateContent(item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const on = update.isPending ? !item.is_public : item.is_public;

  function toggle() {
    setFailure(null);
    update.mutate(
      { is_public: !item.is_public },
      { onError: () => setFailure('Failed to change this setting. Please try again.') },
    );
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          Show on public page
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={update.isPending}
          onClick={toggle}
          className={clsx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-70',
            on ? 'bg-indigo-600' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {on
          ? 'Anyone can read it on the public page of its published collections.'
          : 'Only you and the people you share its collections with can see it.'}
      </p>
      <FormMessage tone="error">{failure}</FormMessage>
    </div>
  );
}
