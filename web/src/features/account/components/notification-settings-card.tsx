import type { MailedKind, NotificationSettings } from '@cw/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import {
  notificationKeys,
  notificationSettingsQueryOptions,
  updateNotificationSettings,
} from '../../../lib/api/notifications';

/** The mail switches, in the order shown, with what each is about. */
const KINDS: { kind: MailedKind; label: string; hint: string }[] = [
  { kind: 'mention', label: 'Mentions', hint: 'Someone mentions you in a comment.' },
  { kind: 'reply', label: 'Replies', hint: 'Someone replies to your comment.' },
  {
    kind: 'comment',
    label: 'Comments on your items',
    hint: 'Someone comments on an item you own.',
  },
  {
    kind: 'shared',
    label: 'Sharing',
    hint: 'A collection is shared with you, or your role in one changes.',
  },
  {
    kind: 'status',
    label: 'Status changes',
    hint: 'Someone moves an item you own to another column of the board.',
  },
];

/**
 * Account settings, "Notifications" (docs/product.md): every notification shows under the bell;
 * these switches choose which are also mailed. Each change is saved at once.
 */
export function NotificationSettingsCard() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQueryOptions(user.id));
  const [failure, setFailure] = useState<string>();
  const update = useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: () => setFailure(undefined),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(user.id), saved),
    onError: () => setFailure('Could not save. Please try again.'),
  });
  const mail: NotificationSettings['mail'] | undefined = update.isPending
    ? ({ ...settings.data?.mail, ...update.variables } as NotificationSettings['mail'])
    : settings.data?.mail;

  return (
    <section
      id="notifications"
      aria-labelledby="notification-settings-title"
      className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <BellRing className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="notification-settings-title" className="text-lg font-semibold text-slate-900">
            Notifications
          </h2>
          <p className="text-sm text-slate-600">
            Every notification shows under the bell. Choose which are also emailed to you: at most
            one email every 10 minutes.
          </p>
        </div>
      </div>
      {settings.isPending ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : settings.isError || !mail ? (
        <FormMessage tone="error" className="mt-4">
          Could not load your notification settings.
        </FormMessage>
      ) : (
        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-slate-800">Email me about</legend>
          <ul className="mt-3 space-y-3">
            {KINDS.map(({ kind, label, hint }) => (
              <li key={kind}>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    checked={mail[kind]}
                    disabled={update.isPending}
                    onChange={(event) => update.mutate({ [kind]: event.target.checked })}
                  />
                  <span>
                    <span className="block font-medium text-slate-800">{label}</span>
                    <span className="block text-slate-500">{hint}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-500">
            Invitations always come by email: the invitation is the email.
          </p>
        </fieldset>
      )}
      <FormMessage tone="error" className="mt-3">
        {failure}
      </FormMessage>
    </section>
  );
}
