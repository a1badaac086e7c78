import type { User } from '@cw/contract';
import { Check, Copy, Pencil, ShieldAlert, ShieldCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { fullName, initials } from '../../../lib/format';
import { useUpdateProfile } from '../api/account-api';
import { IconButton } from '../../../components/icon-button';
import { MfaRow } from './mfa-row';
import { TrialNotice } from './trial-notice';

/** docs/product.md, "States and transitions": the Copied! indicator shows for 1.2 s. */
export const COPIED_MS = 1200;

function NameEditor({ user }: { user: User }) {
  const mutation = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [error, setError] = useState<string | null>(null);

  function startEditing() {
    setFirstName(user.first_name);
    setLastName(user.last_name);
    setError(null);
    setEditing(true);
  }

  function cancel() {
    setEditing(false);
    setError(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const first = firstName.trim();
    const last = lastName.trim();
    if (!first || !last) {
      setError('First and last name cannot be empty.');
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync({ first_name: first, last_name: last });
      setEditing(false);
    } catch {
      // The spec drops this failure silently; we say so briefly instead.
      setError("Couldn't save your name. Please try again.");
    }
  }

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center justify-center gap-2 sm:justify-start">
        <h2
          className="truncate text-xl font-semibold text-slate-900"
          data-testid="profile-full-name"
        >
          {fullName(user) || 'Unnamed creator'}
        </h2>
        <IconButton icon={Pencil} label="Edit name" onClick={startEditing} />
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3 text-left" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          autoFocus
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
        />
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={mutation.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={cancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EmailRow({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(email);
    } catch {
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <div className="flex min-w-0 items-center justify-center gap-1.5 sm:justify-start">
      <span className="truncate text-sm text-slate-600" data-testid="profile-email">
        {email}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label="Copy email"
        className="inline-flex shrink-0 items-center gap-1 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        {copied ? (
          <Check className="size-4 text-emerald-600" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
      </button>
      <span aria-live="polite" className="text-xs font-medium text-emerald-600">
        {copied ? 'Copied!' : ''}
      </span>
    </div>
  );
}

export function ProfileCard({ user }: { user: User }) {
  return (
    <section
      aria-labelledby="profile-card-title"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="h-24 rounded-t-2xl bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500" />
      <div className="px-5 pb-6 sm:px-6">
        <h2 id="profile-card-title" className="sr-only">
          Profile
        </h2>
        <div className="-mt-10 flex flex-col items-center gap-4 sm:flex-row sm:items-end">
          <Avatar src={user.profilePic} initials={initials(user)} size="lg" className="ring-4" />
          <div className="flex flex-wrap justify-center gap-2 sm:mb-1 sm:justify-start">
            {user.is_verified ? (
              <Badge tone="success" icon={<ShieldCheck className="size-3.5" aria-hidden="true" />}>
                Verified
              </Badge>
            ) : (
              <Badge tone="warning" icon={<ShieldAlert className="size-3.5" aria-hidden="true" />}>
                Not Verified
              </Badge>
            )}
            {user.on_free_trial && (
              <Badge tone="brand" icon={<Sparkles className="size-3.5" aria-hidden="true" />}>
                Free Trial
              </Badge>
            )}
          </div>
        </div>
        <div className="mt-4 space-y-1 text-center sm:text-left">
          <NameEditor user={user} />
          <EmailRow email={user.email} />
        </div>
        {user.on_free_trial && <TrialNotice endsOn={user.trial_ends_on} />}
        <div className="mt-6">
          <MfaRow user={user} />
        </div>
      </div>
    </section>
  );
}
