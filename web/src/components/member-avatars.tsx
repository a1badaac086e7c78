import type { MemberPreview } from '@cw/contract';
import { clsx } from 'clsx';
import { initialsOfName } from '../lib/format';
import { Avatar } from './avatar';

/**
 * The people a collection is shared with, as overlapping avatars (picture or initials), each
 * named for assistive technology, then "+N" for those not shown.
 */
export function MemberAvatars({
  members,
  total,
  className,
}: {
  members: MemberPreview[];
  /** Everyone who has accepted, shown or not. */
  total: number;
  className?: string;
}) {
  const more = Math.max(total - members.length, 0);
  if (members.length === 0 && more === 0) return null;
  return (
    <ul aria-label="Shared with" className={clsx('flex items-center -space-x-1.5', className)}>
      {members.map((member) => (
        <li key={member.id} title={member.name} className="flex">
          <Avatar size="xs" src={member.profile_pic} initials={initialsOfName(member.name)} />
          <span className="sr-only">{member.name}</span>
        </li>
      ))}
      {more > 0 && (
        <li
          className="relative inline-flex size-7 items-center justify-center rounded-full bg-slate-100 text-[0.6875rem] font-semibold text-slate-700 ring-2 ring-white"
          title={`${more} more`}
        >
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">and {more} more</span>
        </li>
      )}
    </ul>
  );
}
