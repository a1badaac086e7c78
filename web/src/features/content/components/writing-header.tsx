import type { Role } from '@cw/contract';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RoleBadge } from '../../../components/role-badge';

/**
 * The writing page's heading: its title and, on a script that is not simply the person's own,
 * their role (Editor, Viewer) and a note (whose collection it goes into, who changed it last).
 */
export function WritingHeader({
  title,
  role,
  note,
}: {
  title: string;
  role?: Role;
  note?: ReactNode;
}) {
  const shared = (role !== undefined && role !== 'owner') || Boolean(note);
  return (
    <PageHeader
      title={title}
      description={
        shared ? (
          <span className="flex flex-wrap items-center gap-2">
            {role && <RoleBadge role={role} />}
            {note && <span>{note}</span>}
          </span>
        ) : undefined
      }
    />
  );
}
