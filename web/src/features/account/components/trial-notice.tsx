import { Mail } from 'lucide-react';
import { buttonClasses } from '../../../components/button';

/** Where an upgrade is asked for: there is no billing in the app (decision 248). */
export const UPGRADE_MAILTO =
  'mailto:hello@creatorworkspace.app?subject=Upgrade%20my%20Creator%20Workspace%20account';

const DAY = 24 * 60 * 60 * 1000;

/** "Sunday 27 December 2026": the day in words, read as a calendar day (UTC). */
export function trialDayInWords(day: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  // Built from its parts: ICU versions differ on the comma after the weekday.
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** Whole days from today (the viewer's calendar day) to the trial's last day. */
export function daysLeft(day: string, now: Date): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - today) / DAY);
}

function whenText(left: number): string {
  if (left > 1) return `in ${left} days`;
  if (left === 1) return 'tomorrow';
  return 'today';
}

/**
 * The free trial's notice on the profile card (docs/product.md, "Account settings"; decision
 * 248): the spec's hint to upgrade, the last day in words, what happens after it, and an Upgrade
 * button that writes to us (there is no billing to send anyone to).
 */
export function TrialNotice({ endsOn, now = new Date() }: { endsOn: string | null; now?: Date }) {
  const left = endsOn === null ? null : daysLeft(endsOn, now);
  const ended = left !== null && left < 0;
  return (
    <section
      aria-labelledby="trial-notice-title"
      className="mt-4 rounded-lg bg-indigo-50 px-3 py-3 text-sm text-indigo-900"
      data-testid="trial-notice"
    >
      <h3 id="trial-notice-title" className="font-semibold">
        {endsOn === null
          ? 'Free trial'
          : ended
            ? `Your free trial ended on ${trialDayInWords(endsOn)}`
            : `Your free trial ends on ${trialDayInWords(endsOn)} (${whenText(left ?? 0)})`}
      </h3>
      <p className="mt-1">
        You&apos;re on the free trial. Upgrade before it ends to keep all your benefits.
      </p>
      <p className="mt-1 text-indigo-800">
        After the trial nothing is deleted or locked: your collections, scripts and files stay
        yours, and you can export them at any time. Paid plans are arranged by email for now.
      </p>
      <a href={UPGRADE_MAILTO} className={buttonClasses('primary', 'sm', 'mt-3')}>
        <Mail className="size-4" aria-hidden="true" />
        Upgrade by email
      </a>
    </section>
  );
}
