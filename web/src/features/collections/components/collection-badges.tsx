import { Globe, Lock } from 'lucide-react';
import { Badge } from '../../../components/badge';

/** Public or Private, as the collection's card and page show it. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge tone="info" icon={<Globe className="size-3" aria-hidden="true" />}>
      Public
    </Badge>
  ) : (
    <Badge tone="neutral" icon={<Lock className="size-3" aria-hidden="true" />}>
      Private
    </Badge>
  );
}

/** Active or Inactive. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Inactive</Badge>;
}
