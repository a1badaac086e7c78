import type { MemberRole } from '@cw/contract';
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useInviteMember } from '../api/members';
import { aRole, failure, RoleSelect, type Notice } from './share-people';

const ROLE_HINT = 'Editors can add and change notes and content. Viewers can only read.';
const INVITE_THROTTLED = 'Too many invitations for now. Please wait a while and try again.';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The owner's invitation by email, with the role the person will have. */
export function InviteForm({ collectionId }: { collectionId: number }) {
  const invite = useInviteMember(collectionId);
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const problem = !address
      ? 'Email is required'
      : !EMAIL_PATTERN.test(address)
        ? 'Enter a valid email'
        : undefined;
    setEmailError(problem);
    setNotice(null);
    if (problem) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (member) => {
          setEmail('');
          setNotice({
            tone: 'success',
            text: `Invitation sent to ${member.email} as ${aRole(role)}.`,
          });
        },
        onError: (error) => {
          const field = error instanceof ApiRequestError ? error.fieldErrors.email : undefined;
          if (field) setEmailError(field);
          else {
            // 429: the server's sentence says which limit and how long to wait (one mail per
            // address every 30 s, 20 invitations an hour per person; docs/api.md, "Sharing").
            const throttled = error instanceof ApiRequestError && error.status === 429;
            setNotice({
              tone: 'error',
              text: failure(
                error,
                throttled ? INVITE_THROTTLED : 'Failed to send the invitation. Please try again.',
              ),
            });
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Invite by email" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          containerClassName="min-w-0 flex-1"
          value={email}
          error={emailError}
          data-autofocus
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
        />
        <div>
          <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Role
          </label>
          <RoleSelect
            id={roleId}
            value={role}
            onChange={setRole}
            roles={['viewer', 'editor']}
            className="h-10 w-full sm:w-auto"
          />
        </div>
        <Button type="submit" loading={invite.isPending} icon={Mail} className="sm:mt-[1.625rem]">
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{ROLE_HINT}</p>
      <FormMessage tone={notice?.tone ?? 'success'}>{notice?.text}</FormMessage>
    </form>
  );
}
