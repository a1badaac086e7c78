import type { CollabSession } from '../collab/collab-session';
import { useCollabField } from '../collab/use-collab-session';
import { SaveStatus, type SaveStatusState } from './save-status';
import type { SaveState as AutosaveState } from './use-autosave';

/**
 * Where the text and the fields stand. Only this line follows the document's Saved / Saving,
 * which flips on every keystroke: the form around it does not render per key.
 */
export function FormSaveStatus({
  session,
  fields,
  creating,
}: {
  session: CollabSession | null;
  /** The fields' autosave (null before the item exists). */
  fields: AutosaveState | null;
  /** Before the item exists: what its creation stands at. */
  creating: SaveStatusState | null;
}) {
  const sync = useCollabField(session, 'sync');
  let status: SaveStatusState;
  if (creating !== null) status = creating;
  else if (sync === 'offline' || fields === 'offline') status = 'offline';
  else if (fields === 'error') status = 'error';
  else if (sync === 'saving' || fields === 'pending' || fields === 'saving') status = 'saving';
  else status = 'saved';
  return <SaveStatus state={status} />;
}

/** The server closed the document for this person: the text stays to read or copy. */
export function LostAccessNotice() {
  return (
    <div
      role="alert"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      You no longer have access to this script. Its text stays here to read or copy, but it can no
      longer be changed.
    </div>
  );
}
