import type { ContentItem, ContentStatus } from '@cw/contract';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { STATUS_LABELS } from '../../../components/content-card';
import { useFlashMessage } from '../../../components/flash-message';
import { LibraryFilterSelects } from '../../../components/library-filters';
import { NewFromTemplate } from '../../../components/new-from-template';
import { PageHeader } from '../../../components/page-header';
import { collectionsPageQueryOptions } from '../../../lib/api/collections';
import { everyContentQueryOptions, type ContentFilters } from '../../../lib/api/contents';
import { useAllTags } from '../../../lib/api/tags';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import { useItemChange } from '../api/move-content';
import {
  applyMove,
  BOARD_COLUMNS,
  dropTarget,
  planMove,
  toColumns,
  type Columns,
} from '../board-moves';
import { boardCollisions, columnKeyboardCoordinates, statusOfIn } from '../board-keyboard';
import { BoardCardBody } from '../components/board-card';
import { BoardColumn } from '../components/board-column';
import { PipelineDnd } from '../components/pipeline-dnd';
import { inScope, scopeFromParam, ScopeSelect } from '../../../components/scope-filter';

/** `?collection=…&tag=…` → the list filters (ids only; anything else is no filter). */
export function boardFilters(search: URLSearchParams): ContentFilters {
  const id = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  // Every item the person may read (decision 220); the Show filter narrows in the page.
  return { collection: id('collection'), tag: id('tag'), ordering: 'position', scope: 'all' };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a card, press Space or Enter on its handle. The arrow keys move it up and down in its column and to the next column left or right. Press Space or Enter again to drop it, or Escape to cancel.',
};

/** /board: one column per status; cards move by mouse, touch or keyboard (docs/product.md). */
export function BoardPage() {
  useDocumentTitle('Board');
  const user = useCurrentUser();
  const wordsPerMinute = useWordsPerMinute();
  const [search, setSearch] = useSearchParams();
  const filters = boardFilters(search);
  const scope = scopeFromParam(search.get('scope'));
  const items = useQuery(everyContentQueryOptions(user.id, filters));
  const collections = useQuery(collectionsPageQueryOptions(user.id, 1, 200));
  const tags = useAllTags(user.id);
  const flash = useFlashMessage(6000);
  const change = useItemChange(flash.show);

  const columns = useMemo(
    () => toColumns((items.data ?? []).filter((item) => inScope(item, scope))),
    [items.data, scope],
  );

  // The keyboard's ← and → aim at the next column (decision 220).
  const coordinateGetter = useMemo(
    () => columnKeyboardCoordinates(statusOfIn((id) => findItem(columns, id)?.status)),
    [columns],
  );

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  }

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      if (!event.over) return;
      const id = Number(event.active.id);
      const target = dropTarget(columns, id, overKey(event.over.id));
      if (!target) return;
      const plan = planMove(columns, id, target.status, target.index);
      const item = findItem(columns, id);
      if (!plan || !item) return;
      change.mutate({
        id,
        title: item.title,
        body: { status: plan.status, position: plan.position },
        apply: (list) => applyMove(list, plan),
      });
    },
    [change, columns],
  );

  const announcements = useMemo(() => describeMoves(columns), [columns]);

  return (
    <section>
      <PageHeader
        title="Board"
        description="Your scripts from idea to published. Drag a card to change its status or order. Published is a status: it puts nothing on the web (Show on public page does)."
        actions={
          <>
            <NewFromTemplate />
            <ButtonLink to="/content/create">New Content</ButtonLink>
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <LibraryFilterSelects
          filters={filters}
          collections={collections.data?.results}
          tags={tags.data}
          onChange={setParam}
          withStatus={false}
        />
        <ScopeSelect scope={scope} onChange={(value) => setParam('scope', value)} />
      </div>
      <PipelineDnd
        what="board"
        items={items}
        flash={flash.message}
        coordinateGetter={coordinateGetter}
        collisionDetection={boardCollisions}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        overlay={(id) => {
          const item = findItem(columns, id);
          return (
            item && (
              <div className="w-64 rounded-lg bg-white p-3 shadow-lg ring-2 ring-indigo-500">
                <BoardCardBody item={item} wordsPerMinute={wordsPerMinute} />
              </div>
            )
          );
        }}
      >
        {(activeId) => (
          <div className="relative -mx-1 flex gap-3 overflow-x-auto px-1 pb-4" data-testid="board">
            {BOARD_COLUMNS.map((status) => (
              <BoardColumn
                key={status}
                status={status}
                items={columns[status]}
                wordsPerMinute={wordsPerMinute}
                activeId={activeId}
              />
            ))}
          </div>
        )}
      </PipelineDnd>
    </section>
  );
}

/** A droppable's id: a card's number, or a column's status. */
function overKey(id: UniqueIdentifier): number | ContentStatus {
  return typeof id === 'number' ? id : (id as ContentStatus);
}

function findItem(columns: Columns, id: number): ContentItem | undefined {
  for (const status of BOARD_COLUMNS) {
    const found = columns[status].find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/** "Scripting, position 2 of 5" for where a drop would land. */
function placeLabel(columns: Columns, id: number, overId: UniqueIdentifier): string {
  const target = dropTarget(columns, id, overKey(overId));
  if (!target) return 'outside the board';
  const count = columns[target.status].filter((item) => item.id !== id).length + 1;
  return `${STATUS_LABELS[target.status]}, position ${target.index + 1} of ${count}`;
}

/** What a screen reader hears while a card moves (dnd-kit's live region). */
export function describeMoves(columns: Columns): Announcements {
  const title = (id: UniqueIdentifier) => findItem(columns, Number(id))?.title ?? 'The card';
  return {
    onDragStart: ({ active }) => {
      const item = findItem(columns, Number(active.id));
      return `Picked up ${title(active.id)} in ${item ? STATUS_LABELS[item.status] : 'the board'}.`;
    },
    // Over itself (where it was picked up): nothing new to say.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? `${title(active.id)} is over ${placeLabel(columns, Number(active.id), over.id)}.`
          : `${title(active.id)} is no longer over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped in ${placeLabel(columns, Number(active.id), over.id)}.`
        : `${title(active.id)} dropped outside the board; it stays where it was.`,
    onDragCancel: ({ active }) => `Move cancelled. ${title(active.id)} stays where it was.`,
  };
}
