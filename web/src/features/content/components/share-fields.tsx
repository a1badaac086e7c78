import type { ContentItem } from '@cw/contract';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message';
import { inputClasses } from '../../../components/text-field';
import { useUpdateContent } from '../api/save-content';
import { SideField } from './side-field';

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
  const images = item.files.filter((file) => IMAGE_TYPES.test(file.content_type));
  const save = (values: { summary?: string; cover?: number | null }) => {
    setFailure(null);
    update.mutate(values, {
      onError: () => setFailure('Could not save. Please try again.'),
    });
  };
  return (
    <div className="space-y-3">
      <SideField
        label="Summary"
        hint={
          <>
            Shown in link previews, on the collection’s page and in its feed. {summary.length}/
            {CONTENT_SUMMARY_MAX}
          </>
        }
      >
        {({ id }) => (
          <textarea
            id={id}
            rows={3}
            maxLength={CONTENT_SUMMARY_MAX}
            value={summary}
            onChange={(event) => setSummary(event.target.value)}
            onBlur={() => {
              if (summary !== item.summary) save({ summary });
            }}
            className={`${inputClasses} resize-y`}
          />
        )}
      </SideField>
      {images.length > 0 && (
        <SideField label="Cover" hint="The cover becomes public with the page.">
          {({ id }) => (
            <select
              id={id}
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
          )}
        </SideField>
      )}
      <FormMessage tone="error">{failure}</FormMessage>
    </div>
  );
}
