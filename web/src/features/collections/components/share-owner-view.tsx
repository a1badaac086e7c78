import type { Collection, Member } from '@cw/contract';
import { RotateCw, UserMinus, X, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { useCurrentUser } from '../../../lib/current-user';
import { ROLE_LABELS } from '../../../lib/roles';
import {
  useChangeMemberRole,
  useMembers,
  useRemoveMember,
  useResendInvitation,
} from '../api/members';
import { InviteForm } from './share-invite-form';
import {
  aRole,
  displayName,
  failure,
  MemberSection,
  PersonRow,
  RoleSelect,
  type Notice,
} from './share-people';

/**
 * What the owner sees: the invitation form, the people with access (roles changed, people
 * removed) and the pending invitations (resent or revoked).
 */
export function ShareOwnerView({ collection }: { collection: Collection }) {
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

  /** What a row's button needs to know of the action in flight. */
  const action = (member: Member, pending: boolean) => ({
    busy: busy === member.id,
    pending,
    act: (run: () => Promise<unknown>, success: string, fallback: string) =>
      act(member, run, success, fallback),
  });

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
                <PersonAction
                  label="Remove"
                  name={`Remove ${displayName(member)}`}
                  icon={UserMinus}
                  {...action(member, remove.isPending)}
                  run={() => remove.mutateAsync(member.id)}
                  success={`${displayName(member)} no longer has access.`}
                  fallback={`Failed to remove ${displayName(member)}. Please try again.`}
                />
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
              <PersonAction
                label="Resend"
                name={`Resend invitation to ${member.email}`}
                icon={RotateCw}
                {...action(member, resend.isPending)}
                run={() => resend.mutateAsync(member.id)}
                success={`Invitation sent again to ${member.email}.`}
                fallback="Failed to resend the invitation. Please try again."
              />
              <PersonAction
                label="Revoke"
                name={`Revoke invitation to ${member.email}`}
                icon={X}
                {...action(member, remove.isPending)}
                run={() => remove.mutateAsync(member.id)}
                success={`Invitation to ${member.email} revoked.`}
                fallback="Failed to revoke the invitation. Please try again."
              />
            </PersonRow>
          ))}
        </MemberSection>
      )}
    </div>
  );
}

/** One ghost button of a person's row: it runs its action and reports how it went. */
function PersonAction(props: {
  label: string;
  name: string;
  icon: LucideIcon;
  busy: boolean;
  pending: boolean;
  act: (run: () => Promise<unknown>, success: string, fallback: string) => void;
  run: () => Promise<unknown>;
  success: string;
  fallback: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={props.name}
      icon={props.icon}
      loading={props.busy && props.pending}
      disabled={props.busy}
      onClick={() => props.act(props.run, props.success, props.fallback)}
    >
      {props.label}
    </Button>
  );
}
