import type { TrashItem } from '@cw/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, FolderOpen, StickyNote, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormMessage } from '../../../components/form-message';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import {
  deleteForever,
  emptyTrash,
  restoreFromTrash,
  trashQueryOptions,
} from '../../../lib/api/trash';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';

const TYPE_LABELS: Record<TrashItem['type'], string> = {
  collection: 'Collection',
  content: 'Content',
  note: 'Note',
};
const TYPE_ICONS = { collection: FolderOpen, content: FileText, note: StickyNote };

/**
 * /trash (docs/product.md, "Trash"): what the person deleted, newest first, each with the day it
 * is deleted for good; Restore, Delete forever (confirmed) and Empty trash (confirmed).
 */
export function TrashPage() {
  useDocumentTitle('Trash');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const trash = useInfiniteQuery(trashQueryOptions(user.id));
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [deleting, setDeleting] = useState<TrashItem | null>(null);
  const [emptying, setEmptying] = useState(false);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const items = trash.data?.pages.flatMap((page) => page.results) ?? [];
  const total = trash.data?.pages[0]?.count ?? 0;

  async function restore(item: TrashItem) {
    setBusy(`${item.type}:${item.id}`);
    setNotice(null);
    try {
      await restoreFromTrash(item.type, item.id);
      setNotice({ text: `“${item.title}” was restored.`, tone: 'success' });
      await queryClient.invalidateQueries();
    } catch {
      setNotice({ text: 'Failed to restore. Please try again.', tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function confirm(work: () => Promise<unknown>, done: string) {
    setPending(true);
    setDialogError(null);
    try {
      await work();
      setDeleting(null);
      setEmptying(false);
      setNotice({ text: done, tone: 'success' });
      await queryClient.invalidateQueries();
    } catch {
      setDialogError('Failed to delete. Please try again.');
    } finally {
      setPending(false);
    }
  }

  function closeDialogs() {
    if (pending) return;
    setDeleting(null);
    setEmptying(false);
    setDialogError(null);
  }

  return (
    <section>
      <PageHeader
        title="Trash"
        description="Deleted collections, content and notes stay here for 30 days, then they are deleted for good."
        actions={
          items.length > 0 ? (
            <Button variant="danger" onClick={() => setEmptying(true)}>
              Empty trash
            </Button>
          ) : undefined
        }
      />
      <FormMessage tone={notice?.tone ?? 'success'} className="mb-4">
        {notice?.text ?? null}
      </FormMessage>
      {trash.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading trash..." />
        </div>
      ) : trash.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormMessage tone="error">Failed to load the trash. Please try again.</FormMessage>
          <Button variant="secondary" size="sm" onClick={() => void trash.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Trash2}
          title="The trash is empty."
          description="What you delete stays here for 30 days, so you can bring it back."
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {items.map((item) => {
              const Icon = TYPE_ICONS[item.type];
              const key = `${item.type}:${item.id}`;
              return (
                <li
                  key={key}
                  data-testid="trash-row"
                  data-type={item.type}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="font-medium [overflow-wrap:anywhere] text-slate-900">
                        {item.title}
                      </p>
                      <p className="text-sm text-slate-600">
                        {TYPE_LABELS[item.type]} · Deleted {formatDate(item.deleted_on)} · Deleted
                        for good on {formatDate(item.purge_on)}
                      </p>
                    </div>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={busy === key}
                      onClick={() => void restore(item)}
                      aria-label={`Restore ${item.title}`}
                    >
                      Restore
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setDeleting(item)}
                      aria-label={`Delete ${item.title} forever`}
                    >
                      Delete forever
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <LoadMore shown={items.length} total={total} pages={trash} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Forever"
        message={
          <>
            Delete <strong className="font-semibold text-slate-900">{deleting?.title ?? ''}</strong>{' '}
            forever? This action cannot be undone.
          </>
        }
        confirmLabel="Delete forever"
        pending={pending}
        error={dialogError}
        onClose={closeDialogs}
        onConfirm={() => {
          const item = deleting;
          if (item) {
            void confirm(
              () => deleteForever(item.type, item.id),
              `“${item.title}” was deleted for good.`,
            );
          }
        }}
      />
      <ConfirmDialog
        open={emptying}
        title="Empty Trash"
        message={`Delete everything in the trash (${total}) forever? This action cannot be undone.`}
        confirmLabel="Empty trash"
        pending={pending}
        error={dialogError}
        onClose={closeDialogs}
        onConfirm={() => void confirm(emptyTrash, 'The trash is empty.')}
      />
    </section>
  );
}
