import type { Note, Role } from '@cw/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { DeleteDialog } from '../../../components/delete-dialog';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { can } from '../../../lib/roles';
import { useCreateNote, useDeleteNote, useNotes, useUpdateNote } from '../api/notes';
import { NoteCard } from './note-card';
import { NoteForm, type NoteValues } from './note-form';

/**
 * Notes of one collection, saved through the notes API (decision 052). A viewer reads them:
 * no form, no Edit or Delete.
 */
export function NotesTab({ collectionId, role }: { collectionId: number; role: Role }) {
  const writable = can.write(role);
  const notes = useNotes(collectionId);
  const create = useCreateNote(collectionId);
  const update = useUpdateNote(collectionId);
  const remove = useDeleteNote(collectionId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);

  const items = notes.data?.pages.flatMap((page) => page.results) ?? [];
  const total = notes.data?.pages[0]?.count ?? 0;

  // A note opened from search (`?note=ID`) is scrolled to and focused once it is loaded.
  const [search] = useSearchParams();
  const wantedNote = Number(search.get('note')) || null;
  const wantedLoaded = wantedNote !== null && items.some((note) => note.id === wantedNote);
  useEffect(() => {
    if (!wantedLoaded) return;
    const card = document.getElementById(`note-${wantedNote}`);
    card?.scrollIntoView?.({ block: 'center' });
    card?.focus({ preventScroll: true });
  }, [wantedLoaded, wantedNote]);

  return (
    <div className="space-y-8">
      {writable && (
        <section
          aria-labelledby="add-note-heading"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="add-note-heading" className="mb-4 text-base font-semibold text-slate-900">
            Add a note
          </h2>
          <NoteForm
            submitLabel="Add Note"
            pending={create.isPending}
            error={create.isError ? 'Failed to add note. Please try again.' : null}
            onSubmit={(values: NoteValues) => create.mutateAsync(values)}
          />
        </section>
      )}

      <section aria-label="Notes" className="space-y-4">
        {notes.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading notes..." />
          </div>
        ) : notes.isError ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p role="alert" className="text-sm text-red-600">
              Failed to load notes.
            </p>
            <Button variant="secondary" size="sm" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500">
            {writable ? 'No notes yet. Start by adding one!' : 'No notes yet.'}
          </p>
        ) : (
          <>
            {items.map((note) =>
              editingId === note.id ? (
                <div
                  key={note.id}
                  className="rounded-xl bg-white p-5 shadow-sm ring-2 ring-indigo-200"
                >
                  <NoteForm
                    note={note}
                    submitLabel="Save Note"
                    pending={update.isPending}
                    error={update.isError ? 'Failed to save note. Please try again.' : null}
                    onCancel={() => {
                      update.reset();
                      setEditingId(null);
                    }}
                    onSubmit={(values) =>
                      update
                        .mutateAsync({ id: note.id, patch: values })
                        .then(() => setEditingId(null))
                    }
                  />
                </div>
              ) : (
                <NoteCard
                  key={note.id}
                  note={note}
                  highlighted={note.id === wantedNote}
                  onEdit={
                    writable
                      ? () => {
                          update.reset();
                          setEditingId(note.id);
                        }
                      : undefined
                  }
                  onDelete={writable ? () => setDeleting(note) : undefined}
                />
              ),
            )}
            <LoadMore shown={items.length} total={total} pages={notes} />
          </>
        )}
      </section>

      <DeleteDialog
        target={deleting}
        title="Delete Note"
        name={(note) => note.title}
        failureText="Failed to delete note. Please try again."
        mutation={remove}
        onClose={() => setDeleting(null)}
        trash="note"
      />
    </div>
  );
}
