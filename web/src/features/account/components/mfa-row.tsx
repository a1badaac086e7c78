import type { User } from '@cw/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { DialogActions } from '../../../components/dialog-actions';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { PasswordField } from '../../../components/password-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/account-api';

const MFA_CHANGE_FAILED = "Couldn't change two-factor sign-in. Please try again.";

/**
 * Switching MFA off needs the current password (docs/auth.md, "Hostile input"), so a stolen access
 * token alone cannot do it. A 400 (e.g. "Current password is incorrect.") stays in the dialog.
 */
function TurnOffMfaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useUpdateProfile();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  function close() {
    if (mutation.isPending) return;
    setPassword('');
    setPasswordError(undefined);
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setPasswordError('Enter your current password.');
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync({ is_mfa_activated: false, current_password: password });
      setPassword('');
      onClose();
    } catch (failure) {
      const refused = failure instanceof ApiRequestError && failure.status === 400;
      setError(refused ? (failure.serverMessage ?? MFA_CHANGE_FAILED) : MFA_CHANGE_FAILED);
    }
  }

  return (
    <Modal
      open={open}
      title="Turn off multi-factor authentication"
      description="Enter your current password. Logins will then no longer ask for a code from your email."
      onClose={close}
      size="sm"
      footer={
        <DialogActions
          type="submit"
          form="turn-off-mfa-form"
          variant="danger"
          pending={mutation.isPending}
          onCancel={close}
        >
          Turn off MFA
        </DialogActions>
      }
    >
      <form
        id="turn-off-mfa-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4"
      >
        <PasswordField
          label="Current password"
          data-autofocus
          value={password}
          error={passwordError}
          onValue={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </form>
    </Modal>
  );
}

export function MfaRow({ user }: { user: User }) {
  const mutation = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const active = user.is_mfa_activated;

  /** Switching on stays one click; switching off asks for the password first. */
  async function toggle() {
    setError(null);
    if (active) {
      setTurningOff(true);
      return;
    }
    try {
      await mutation.mutateAsync({ is_mfa_activated: true });
    } catch {
      setError(MFA_CHANGE_FAILED);
    }
  }

  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <div
            className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${active ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-500'}`}
          >
            {active ? (
              <ShieldCheck className="size-5" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-5" aria-hidden="true" />
            )}
          </div>
          <div>
            <p className="text-sm font-semibold text-slate-900">Multi-factor authentication</p>
            <p className="text-sm text-slate-600">
              {active
                ? 'On: each login asks for a one-time code sent to your email.'
                : 'Off: add a one-time email code to every login.'}
            </p>
          </div>
        </div>
        <Button
          variant={active ? 'secondary' : 'primary'}
          size="sm"
          onClick={() => void toggle()}
          loading={mutation.isPending}
          aria-label={active ? 'Deactivate MFA' : 'Activate MFA'}
          className="self-start sm:self-center"
        >
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
      {error && (
        <FormMessage tone="error" className="mt-3">
          {error}
        </FormMessage>
      )}
      <TurnOffMfaDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </div>
  );
}
