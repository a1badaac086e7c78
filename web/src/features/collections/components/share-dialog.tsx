import type { Collection, Member, MemberRole, Role } from '@cw/contract';
import { clsx } from 'clsx';
import { LogOut, Mail, RotateCw, UserMinus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { initialsOfName } from '../../../lib/format';
import { ROLE_LABELS } from '../../../lib/roles';
import {
  useChangeMemberRole,
  useInviteMember,
  useLeaveCollection,
  useMembers,
  useRemoveMember,
  useResendInvitation,
} from '../api/members';

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

const ROLE_HINT = 'Editors can add and change notes and content. Viewers can only read.';
const INVITE_THROTTLED = 'Too many invitations for now. Please wait a while and try again.';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const selectClasses =
  'block rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none';

const displayName = (member: Member) => member.name ?? member.email;
const aRole = (role: Role) =>
  role === 'owner' ? 'the owner' : role === 'editor' ? 'an editor' : 'a viewer';

/** The server's sentence when it sent one (e.g. the resend cool-down), else `fallback`. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.hasBody && error.serverMessage
    ? error.serverMessage
    : fallback;
}

/**
 * Share (docs/product.md, "Sharing a collection: co-creators"). The owner invites by email with a
 * role, changes members' roles, removes them, and resends or revokes pending invitations. A member
 * sees who has access, read-only, and may leave the collection.
 */
export function ShareDialog({
  collection,
  open,
  onClose,
  onLeft,
}: {
  collection: Collection;
  open: boolean;
  onClose: () => void;
  /** The member left: the page moves away. */
  onLeft: () => void;
}) {
  const owner = collection.role === 'owner';
  return (
    <Modal
      open={open}
      title={owner ? 'Share collection' : 'People with access'}
      description={collection.name}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {owner ? (
        <OwnerView collection={collection} />
      ) : (
        <MemberView collection={collection} onLeft={onLeft} />
      )}
    </Modal>
  );
}

function OwnerView({ collection }: { collection: Collection }) {
  const user = useCurrentUser();
  const members = useMembers(collection.id);
  const changeRole = useChangeMemberRole(collection.id);
  const remove = useRemoveMember(collection.id);
  const resend = useResendInvitation(collection.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const people = members.data ?? [];
  const withAccess = people.filter((member) => member.status === 'active');
  const pending = people.filter((member) => member.status === 'invited');

  /** One action on one person at a time; its outcome shows above the lists. */
  function act(member: Member, run: () => Promise<unknown>, success: string, fallback: string) {
    setBusy(member.id);
    setNotice(null);
    void run()
      .then(
        () => setNotice({ tone: 'success', text: success }),
        (error: unknown) => setNotice({ tone: 'error', text: failure(error, fallback) }),
      )
      .finally(() => setBusy(null));
  }

  return (
    <div className="space-y-6">
      <InviteForm collectionId={collection.id} />
      <FormMessage tone={notice?.tone ?? 'success'}>{notice?.text}</FormMessage>
      <MemberSection title="People with access" state={members}>
        {withAccess.map((member) => (
          <PersonRow key={member.id} member={member} you={member.user === user.id}>
            {member.role === 'owner' ? (
              <span className="px-1 text-sm text-slate-600">Owner</span>
            ) : (
              <>
                <RoleSelect
                  label={`Role of ${displayName(member)}`}
                  value={member.role}
                  disabled={busy === member.id}
                  onChange={(role) =>
                    act(
                      member,
                      () => changeRole.mutateAsync({ member: member.id, role }),
                      `${displayName(member)} is now ${aRole(role)}.`,
                      `Failed to change the role of ${displayName(member)}. Please try again.`,
                    )
                  }
                />
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${displayName(member)}`}
                  icon={UserMinus}
                  loading={busy === member.id && remove.isPending}
                  disabled={busy === member.id}
                  onClick={() =>
                    act(
                      member,
                      () => remove.mutateAsync(member.id),
                      `${displayName(member)} no longer has access.`,
                      `Failed to remove ${displayName(member)}. Please try again.`,
                    )
                  }
                >
                  Remove
                </Button>
              </>
            )}
          </PersonRow>
        ))}
      </MemberSection>
      {pending.length > 0 && (
        <MemberSection title="Pending invitations" state={members}>
          {pending.map((member) => (
            <PersonRow
              key={member.id}
              member={member}
              detail={`Invited as ${ROLE_LABELS[member.role].toLowerCase()}`}
            >
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Resend invitation to ${member.email}`}
                icon={RotateCw}
                loading={busy === member.id && resend.isPending}
                disabled={busy === member.id}
                onClick={() =>
                  act(
                    member,
                    () => resend.mutateAsync(member.id),
                    `Invitation sent again to ${member.email}.`,
                    'Failed to resend the invitation. Please try again.',
                  )
                }
              >
                Resend
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Revoke invitation to ${member.email}`}
                icon={X}
                loading={busy === member.id && remove.isPending}
                disabled={busy === member.id}
                onClick={() =>
                  act(
                    member,
                    () => remove.mutateAsync(member.id),
                    `Invitation to ${member.email} revoked.`,
                    'Failed to revoke the invitation. Please try again.',
                  )
                }
              >
                Revoke
              </Button>
            </PersonRow>
          ))}
        </MemberSection>
      )}
    </div>
  );
}

function InviteForm({ collectionId }: { collectionId: number }) {
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
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            className={clsx(selectClasses, 'h-10 w-full sm:w-auto')}
          >
            <option value="viewer">Viewer</option>
            <option value="editor">Editor</option>
          </select>
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

function MemberView({ collection, onLeft }: { collection: Collection; onLeft: () => void }) {
  const user = useCurrentUser();
  const members = useMembers(collection.id);
  const leave = useLeaveCollection(collection.id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const people = (members.data ?? []).filter((member) => member.status === 'active');
  const me = people.find((member) => member.user === user.id);

  return (
    <div className="space-y-6">
      <MemberSection title="People with access" state={members}>
        {people.map((member) => (
          <PersonRow key={member.id} member={member} you={member.user === user.id}>
            <span className="px-1 text-sm text-slate-600">{ROLE_LABELS[member.role]}</span>
          </PersonRow>
        ))}
      </MemberSection>
      {me && (
        <section
          aria-labelledby="leave-collection-heading"
          className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
        >
          <h3 id="leave-collection-heading" className="text-sm font-semibold text-slate-900">
            Leave collection
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {collection.owner_name} shared it with you as {aRole(me.role)}.
          </p>
          {confirming ? (
            <div className="mt-3 space-y-3">
              <p className="text-sm font-medium text-slate-900">
                Leave {collection.name}? You need a new invitation to come back.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  loading={leave.isPending}
                  autoFocus
                  onClick={() => {
                    setError(null);
                    leave.mutate(me.id, {
                      onSuccess: onLeft,
                      onError: (cause) =>
                        setError(
                          failure(cause, 'Failed to leave the collection. Please try again.'),
                        ),
                    });
                  }}
                >
                  Leave
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={leave.isPending}
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              icon={LogOut}
              onClick={() => setConfirming(true)}
            >
              Leave collection
            </Button>
          )}
          {error && (
            <FormMessage tone="error" className="mt-3">
              {error}
            </FormMessage>
          )}
        </section>
      )}
    </div>
  );
}

function MemberSection({
  title,
  state,
  children,
}: {
  title: string;
  state: ReturnType<typeof useMembers>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {state.isPending ? (
        <div className="py-4">
          <Spinner label="Loading people..." size="sm" />
        </div>
      ) : state.isError ? (
        <div className="flex flex-wrap items-center gap-3 py-3">
          <p role="alert" className="text-sm text-red-600">
            Failed to load the people with access.
          </p>
          <Button variant="secondary" size="sm" onClick={() => void state.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {children}
        </ul>
      )}
    </section>
  );
}

function PersonRow({
  member,
  you = false,
  detail,
  children,
}: {
  member: Member;
  you?: boolean;
  /** A line under the name instead of the email (e.g. "Invited as editor"). */
  detail?: string;
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
      data-testid="share-person"
      data-email={member.email}
    >
      <Avatar size="sm" src={member.profile_pic} initials={initialsOfName(displayName(member))} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-medium text-slate-900" title={displayName(member)}>
          {displayName(member)}
          {you && <span className="font-normal text-slate-500"> (you)</span>}
        </p>
        {(detail ?? member.name) && (
          <p className="truncate text-xs text-slate-500" title={detail ?? member.email}>
            {detail ?? member.email}
          </p>
        )}
      </div>
      {/* Wrapped under the name on a phone: lined up with it, not with the avatar. */}
      <div className="flex shrink-0 items-center gap-2 pl-11 sm:pl-0">{children}</div>
    </li>
  );
}

function RoleSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: MemberRole;
  disabled: boolean;
  onChange: (role: MemberRole) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      className={clsx(selectClasses, 'h-8 py-1')}
    >
      <option value="editor">Editor</option>
      <option value="viewer">Viewer</option>
    </select>
  );
}
