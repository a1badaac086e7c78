import type { ContentItem } from '@cw/contract';
import { useId, useState } from 'react';
import { FormMessage } from '../../../components/form-message';
import { inputClasses } from '../../../components/text-field';
import { useUpdateContent } from '../api/save-content';

/** The contract's CONTENT_SUMMARY_MAX (the web app imports no runtime value of `@cw/contract`). */
const CONTENT_SUMMARY_MAX = 300;
const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp|avif|svg\+xml)\b/i;

/**
 * Summary and cover of an item's public page (docs/product.md, "Publishing"; decision 231): what
 * link previews, the collection's page and the feed say of it, and the picture they show. Saved
 * when the summary loses focus and when a cover is picked; shown live on the public page.
 */
export function ShareFields({ item }: { item: ContentItem }) {
  const update = useUpdateContent(item.id);
  const [summary, setSummary] = useState(item.summary);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryId = useId();
  const coverId = useId();
  const images = item.files.filter((file) => IMAGE_TYPES.test(file.content_type));
  const save = (values: { summary?: string; cover?: number | null }) => {
    setFailure(null);
    update.mutate(values, {
      onError: () => setFailure('Could not save. Please try again.'),
    });
  };
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={summaryId} className="block text-sm font-medium text-slate-800">
          Summary
        </label>
        <textarea
          id={summaryId}
          rows={3}
          maxLength={CONTENT_SUMMARY_MAX}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
          onBlur={() => {
            if (summary !== item.summary) save({ summary });
          }}
          className={`${inputClasses} resize-y`}
        />
        <p className="text-xs text-slate-500">
          Shown in link previews, on the collection’s page and in its feed. {summary.length}/
          {CONTENT_SUMMARY_MAX}
        </p>
      </div>
      {images.length > 0 && (
        <div className="space-y-1">
          <label htmlFor={coverId} className="block text-sm font-medium text-slate-800">
            Cover
          </label>
          <select
            id={coverId}
            value={item.cover ?? ''}
            disabled={update.isPending}
            onChange={(event) =>
              save({ cover: event.target.value === '' ? null : Number(event.target.value) })
            }
            className={inputClasses}
          >
            <option value="">No cover</option>
            {images.map((file) => (
              <option key={file.id} value={file.id}>
                {file.name}
              </option>
            ))}
          </select>
          <p className="text-xs text-slate-500">The cover becomes public with the page.</p>
        </div>
      )}
      <FormMessage tone="error">{failure}</FormMessage>
    </div>
  );
}
