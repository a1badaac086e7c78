import type { Role } from '@cw/contract';

/** How the app names each role (the role badge, the Share dialog). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

/**
 * What a role may do in a shared collection (docs/api.md, "Sharing a collection (co-creators)").
 * The server enforces it; the screens use these to leave out the controls a role may not use (never
 * shown disabled).
 */
export const can = {
  /** Rename, describe, tag, set active/public, delete the collection, manage its members. */
  manage: (role: Role) => role === 'owner',
  /** Create, change and delete notes and content items, upload files. */
  write: (role: Role) => role !== 'viewer',
};

/** True for a collection or item someone else shared with the signed-in person. */
export const isShared = (item: { role: Role }) => item.role !== 'owner';

/**
 * "Edited by {name}" when someone other than the signed-in person changed a note or item last,
 * "Added by {name}" when someone else wrote it and nobody changed it since (`updated_on` is
 * null until the first change); null when it was the signed-in person.
 */
export function changedByOther(
  item: { updated_by: { id: number; name: string } | null; updated_on: string | null },
  currentUserId: number,
): string | null {
  const by = item.updated_by;
  if (!by || by.id === currentUserId) return null;
  return `${item.updated_on ? 'Edited' : 'Added'} by ${by.name}`;
}
