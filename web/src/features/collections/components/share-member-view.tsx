import type { Collection } from '@cw/contract';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { useCurrentUser } from '../../../lib/current-user';
import { ROLE_LABELS } from '../../../lib/roles';
import { useLeaveCollection, useMembers } from '../api/members';
import { aRole, failure, MemberSection, PersonRow } from './share-people';

/** What a member sees: who has access, read-only, and a way to leave the collection. */
export function ShareMemberView({
  collection,
  onLeft,
}: {
  collection: Collection;
  onLeft: () => void;
}) {
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
