import type { Member, MemberRole, Role } from '@cw/contract';
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { initialsOfName } from '../../../lib/format';
import { ROLE_LABELS } from '../../../lib/roles';
import type { useMembers } from '../api/members';

// The pieces of the Share dialog that both its owner and member views show.

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

export const selectClasses =
  'block rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none';

export const displayName = (member: Member) => member.name ?? member.email;
export const aRole = (role: Role) =>
  role === 'owner' ? 'the owner' : role === 'editor' ? 'an editor' : 'a viewer';

/** The server's sentence when it sent one (e.g. the resend cool-down), else `fallback`. */
export function failure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.hasBody && error.serverMessage
    ? error.serverMessage
    : fallback;
}

export function MemberSection({
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

export function PersonRow({
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

/**
 * A member's role, Editor or Viewer: named by `label` (a row's "Role of …") or by a visible
 * label pointing at `id` (the invitation form's "Role"), with the roles in the order given.
 */
export function RoleSelect({
  label,
  id,
  value,
  disabled = false,
  onChange,
  roles = ['editor', 'viewer'],
  className = 'h-8 py-1',
}: {
  label?: string;
  id?: string;
  value: MemberRole;
  disabled?: boolean;
  onChange: (role: MemberRole) => void;
  roles?: readonly MemberRole[];
  className?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      className={clsx(selectClasses, className)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
