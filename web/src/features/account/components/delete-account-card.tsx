import { useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { DialogActions } from '../../../components/dialog-actions';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiRequestError, callApi } from '../../../lib/api-client';
import { clearTokens } from '../../../lib/token-storage';
import { PasswordField } from '../../../components/password-field';

/** The word to type before the account can be deleted (docs/product.md, "Deleting the account"). */
export const CONFIRM_WORD = 'DELETE';

/**
 * Account settings' "Delete account" (docs/product.md, "Deleting the account"): a dialog that
 * asks for the password and for the word DELETE; on success everything of the account is gone,
 * the session is cleared and the landing page opens.
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="delete-account-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-red-50 text-red-600">
          <UserX className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="delete-account-title" className="text-lg font-semibold text-slate-900">
            Delete account
          </h2>
          <p className="text-sm text-slate-600">
            Deletes your account, your library and your files for good.
          </p>
        </div>
      </div>
      <Button variant="danger" className="mt-6" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = password.length > 0 && word === CONFIRM_WORD;

  function close() {
    if (pending) return;
    setPassword('');
    setWord('');
    setError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    setError(null);
    try {
      await callApi('auth.deleteAccount', { body: { password } });
      clearTokens();
      queryClient.clear();
      void navigate('/', { replace: true });
    } catch (failure) {
      setPending(false);
      setError(
        failure instanceof ApiRequestError && failure.status !== 401
          ? (failure.serverMessage ?? 'Failed to delete the account. Please try again.')
          : 'Failed to delete the account. Please try again.',
      );
    }
  }

  return (
    <Modal
      open={open}
      title="Delete account"
      onClose={close}
      size="sm"
      footer={
        <DialogActions
          variant="danger"
          type="submit"
          form="delete-account-form"
          pending={pending}
          onCancel={close}
          disabled={!ready}
        >
          Delete account
        </DialogActions>
      }
    >
      <form
        id="delete-account-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <p className="text-sm text-slate-700">
          This deletes your account, every collection, content item, note, tag and file of yours,
          and your place in collections shared with you. It cannot be undone.
        </p>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <PasswordField label="Password" value={password} onValue={setPassword} data-autofocus />
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={word}
          onChange={(event) => setWord(event.target.value)}
        />
      </form>
    </Modal>
  );
}
