import { useDeferredValue, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { FORM_WORDS, TITLE_MAX } from './content-fields';

/** The writing page's Title: required, at most TITLE_MAX characters, with a counter. */
export function TitleField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Title"
      required
      maxLength={TITLE_MAX}
      value={value}
      error={error}
      disabled={disabled}
      hint={
        <span className="flex justify-end">
          {value.length}/{TITLE_MAX}
        </span>
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The form's end: what the button did (Content created! / Failed to update content. …), then
 * Cancel (Back once nothing can change) and the button (Create / Save Changes).
 */
export function FormActions({
  mode,
  state: { pending, done, failed, frozen, uploading },
  onLeave,
}: {
  mode: keyof typeof FORM_WORDS;
  state: { pending: boolean; done: boolean; failed: boolean; frozen: boolean; uploading: boolean };
  onLeave: () => void;
}) {
  const words = FORM_WORDS[mode];
  const message = done
    ? { tone: 'success' as const, text: words.done }
    : failed
      ? { tone: 'error' as const, text: words.failed }
      : null;
  return (
    <>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={onLeave}>
          {frozen ? 'Back' : 'Cancel'}
        </Button>
        {!frozen && (
          <Button type="submit" loading={pending} disabled={done || uploading}>
            {pending ? words.pending : uploading ? 'Uploading...' : words.submit}
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * What can wait for the writing surface (the details beside the text): rendered once `ready`,
 * in a background render of its own after the one that brings the editor, so the page opens in
 * several short tasks (decision 262).
 */
export function AfterWritingSurface({ ready, children }: { ready: boolean; children: ReactNode }) {
  return useDeferredValue(ready, false) ? children : null;
}
