import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { serverMessageOr } from '../../../lib/api-client';
import type { MessageTone } from '../../../lib/message-tone';
import { useUpdatePassword } from '../api/account-api';
import { NewPasswordFields, PasswordField } from '../../../components/password-field';

interface Notice {
  text: string;
  tone: MessageTone;
}

/**
 * Submit needs 6 characters (docs/product.md, "Validation rules"); the inline hint nudges towards
 * 8.
 */
const SUBMIT_MIN = 6;
const HINT_MIN = 8;

export function UpdatePasswordCard() {
  const mutation = useUpdatePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);

  const lengthHint =
    next.length > 0 && next.length < HINT_MIN ? 'Password must be at least 8 characters.' : null;
  const matchHint = confirm.length > 0 && confirm !== next ? 'Passwords do not match.' : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let problem: string | null = null;
    if (!current || !next || !confirm) problem = 'All fields are required.';
    else if (next.length < SUBMIT_MIN) problem = 'New password must be at least 6 characters.';
    else if (next !== confirm) problem = 'Passwords do not match.';
    if (problem) {
      setNotice({ text: problem, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      const answer = await mutation.mutateAsync({ current_password: current, new_password: next });
      setNotice({ text: answer.message || 'Password updated successfully.', tone: 'success' });
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (error) {
      const text = serverMessageOr(error, 'Failed to update password. Please try again.');
      setNotice({ text, tone: 'error' });
    }
  }

  return (
    <section
      aria-labelledby="update-password-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <KeyRound className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="update-password-title" className="text-lg font-semibold text-slate-900">
            Update Password
          </h2>
          <p className="text-sm text-slate-600">
            Use a long password you don&apos;t use elsewhere.
          </p>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-5">
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
        <PasswordField label="Current password" value={current} onValue={setCurrent} />
        <NewPasswordFields
          next={{
            value: next,
            onValue: setNext,
            hint: lengthHint && <span className="text-amber-700">{lengthHint}</span>,
          }}
          confirm={{
            value: confirm,
            onValue: setConfirm,
            hint: matchHint && <span className="text-red-600">{matchHint}</span>,
          }}
        />
        <Button type="submit" loading={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </section>
  );
}
