import type { Role } from '@cw/contract';
import { Eye, Pencil } from 'lucide-react';
import { ROLE_LABELS } from '../lib/roles';
import { Badge } from './badge';

/**
 * "Editor" or "Viewer" on something shared with the signed-in person (a collection, its items);
 * nothing on what they own.
 */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  if (role === 'owner') return null;
  const Icon = role === 'editor' ? Pencil : Eye;
  return (
    <Badge
      tone={role === 'editor' ? 'brand' : 'neutral'}
      icon={<Icon className="size-3" aria-hidden="true" />}
      className={className}
    >
      <span data-testid="role-badge">{ROLE_LABELS[role]}</span>
    </Badge>
  );
}
