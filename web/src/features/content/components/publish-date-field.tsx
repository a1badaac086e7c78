import type { ContentItem } from '@cw/contract';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message';
import { inputClasses } from '../../../components/text-field';
import { useUpdateContent } from '../api/save-content';
import { SideField } from './side-field';

/**
 * "Publish date" (the item's `publish_on`; decision 220): the day the calendar shows it on,
 * chosen without dragging. Saved at once, like the item's other details; cleared, the item is
 * unscheduled. Owners and editors may change it; viewers see it.
 */
export function PublishDateField({ item, disabled }: { item: ContentItem; disabled: boolean }) {
  const update = useUpdateContent(item.id);
  const [value, setValue] = useState(item.publish_on ?? '');
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  function change(next: string) {
    setValue(next);
    setOutcome(null);
    // A date input gives a whole day (YYYY-MM-DD) or nothing; anything else waits.
    if (next !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(next)) return;
    update.mutate(
      { publish_on: next === '' ? null : next },
      { onSuccess: () => setOutcome('saved'), onError: () => setOutcome('failed') },
    );
  }

  return (
    <SideField
      label="Publish date"
      liveHint
      hint={
        outcome === 'saved'
          ? value
            ? 'Publish date saved.'
            : 'Publish date removed.'
          : 'The day it comes out: the calendar shows it then, and its public page and feed are dated by it.'
      }
      after={
        <FormMessage tone="error">
          {outcome === 'failed' ? 'Failed to save the publish date. Please try again.' : null}
        </FormMessage>
      }
    >
      {({ id, hintId }) => (
        <input
          id={id}
          type="date"
          value={value}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => change(event.target.value)}
          className={inputClasses}
        />
      )}
    </SideField>
  );
}
