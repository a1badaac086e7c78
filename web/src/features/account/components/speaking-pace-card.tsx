import { WORDS_PER_MINUTE_MAX, WORDS_PER_MINUTE_MIN } from '@cw/contract/words';
import { Mic } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/account-api';

/**
 * Account settings: the pace scripts are read aloud at, in words per minute. The editor's
 * speaking time (and later the teleprompter) use it.
 */
export function SpeakingPaceCard({ wordsPerMinute }: { wordsPerMinute: number }) {
  const [value, setValue] = useState(String(wordsPerMinute));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const pace = Number(value);
    if (!Number.isInteger(pace) || pace < WORDS_PER_MINUTE_MIN || pace > WORDS_PER_MINUTE_MAX) {
      setError(`Must be between ${WORDS_PER_MINUTE_MIN} and ${WORDS_PER_MINUTE_MAX}.`);
      return;
    }
    setError(undefined);
    update.mutate(
      { words_per_minute: pace },
      {
        onSuccess: () => setSaved(true),
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError
              ? (failure.fieldErrors.words_per_minute ?? failure.message)
              : 'Could not save. Please try again.',
          ),
      },
    );
  }

  return (
    <section
      aria-labelledby="speaking-pace-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Mic className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="speaking-pace-title" className="text-lg font-semibold text-slate-900">
            Speaking pace
          </h2>
          <p className="text-sm text-slate-600">Speaking times of your scripts use this pace.</p>
        </div>
      </div>
      <form className="mt-6 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <TextField
          label="Words per minute"
          type="number"
          inputMode="numeric"
          min={WORDS_PER_MINUTE_MIN}
          max={WORDS_PER_MINUTE_MAX}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(false);
          }}
          error={error}
          hint={`Between ${WORDS_PER_MINUTE_MIN} and ${WORDS_PER_MINUTE_MAX}; most people speak 130–160.`}
        />
        <Button type="submit" loading={update.isPending}>
          Set pace
        </Button>
      </form>
      {saved && (
        <FormMessage tone="success" className="mt-3">
          Speaking pace saved.
        </FormMessage>
      )}
    </section>
  );
}
