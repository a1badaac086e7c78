import type { Collection, CollectionPatchBody } from '@cw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@cw/contract/routes';
import { clsx } from 'clsx';
import {
  ArrowLeft,
  CalendarDays,
  FolderX,
  Globe,
  Lock,
  Trash2,
  UserPlus,
  Users,
} from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { MemberAvatars } from '../../../components/member-avatars';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { TagChipList } from '../../../components/tag-chip';
import { ApiRequestError } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import {
  cachedRole,
  useLostAccessWatch,
  type CollectionsNotice,
} from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { can } from '../../../lib/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { useCollection } from '../api/get-collection';
import { useUpdateCollection } from '../api/update-collection';
import { CollectionDescription } from '../components/collection-description';
import { CollectionTags } from '../components/collection-tags';
import { CollectionTitle } from '../components/collection-title';
import { DeleteCollectionDialog } from '../components/delete-collection-dialog';
import { ContentTab } from '../components/content-tab';
import { FilesTab } from '../components/files-tab';
import { NotesTab } from '../components/notes-tab';
import { PublishCard } from '../components/publish-card';
import { ShareDialog } from '../components/share-dialog';

/**
 * /collections/{id}: Loading..., then the collection or Collection not found (docs/product.md,
 * "Screens and routes", "Error catalogue"). A collection shared with the person shows their role
 * and only the controls it allows; it is asked again every 10 s and on focus, and when it answers
 * 404 (the person was removed, or it was deleted) the page goes back to the list, which says so.
 */
export function CollectionDetailPage() {
  const { id } = useParams();
  const collectionId = Number(id);
  const collection = useCollection(collectionId);
  const queryClient = useQueryClient();
  useDocumentTitle(collection.data?.name, 'Collections');
  const role = collection.data?.role ?? cachedRole(queryClient, collectionKeys.all, collectionId);
  useLostAccessWatch({
    shared: role !== undefined && role !== 'owner',
    error: collection.error,
    path: pathOf('collections.get', { id: collectionId }),
    recheck: () => void collection.refetch(),
  });

  if (Number.isInteger(collectionId) && collectionId > 0 && collection.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!collection.data) {
    return (
      <EmptyState
        icon={<FolderX className="size-6" aria-hidden="true" />}
        title="Collection not found"
        description="It may have been deleted, or the link is wrong."
        action={
          <ButtonLink to="/collections" variant="secondary">
            Back to collections
          </ButtonLink>
        }
      />
    );
  }
  return <CollectionView collection={collection.data} />;
}

const TABS = [
  { id: 'notes', label: 'Notes' },
  { id: 'content', label: 'Content' },
  { id: 'files', label: 'Files & Attachments' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.id === value);

function CollectionView({ collection }: { collection: Collection }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const manage = can.manage(collection.role);
  const [sharing, setSharing] = useState(false);
  const update = useUpdateCollection(collection.id);
  const tags = useAllTags(user.id);
  const createTag = useCreateTag(user.id);
  const flash = useFlashMessage();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'notes';
  const setTab = (next: Tab) => {
    const params = new URLSearchParams(search);
    if (next === 'notes') params.delete('tab');
    else params.set('tab', next);
    setSearch(params, { replace: true });
  };
  const [deleting, setDeleting] = useState(false);
  const [busyField, setBusyField] = useState<'tags' | 'status' | 'visibility' | null>(null);

  function patch(body: CollectionPatchBody, failure: string, field?: typeof busyField) {
    if (field) setBusyField(field);
    return update.mutateAsync(body).then(
      (answer) => {
        if (field) setBusyField(null);
        return answer;
      },
      (error: unknown) => {
        if (field) setBusyField(null);
        flash.show(failure);
        throw error;
      },
    );
  }

  const quiet = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  return (
    <div>
      <Link
        to="/collections"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Collections
      </Link>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          {manage ? (
            <CollectionTitle
              key={collection.name}
              name={collection.name}
              onRename={(name) =>
                patch({ name }, 'Failed to rename the collection. Please try again.')
              }
            />
          ) : (
            <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
              {collection.name}
            </h1>
          )}
          {!manage && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <RoleBadge role={collection.role} />
              <span>Shared by {collection.owner_name}</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 self-start">
          <MemberAvatars
            members={collection.members_preview}
            total={collection.member_count}
            className="mr-1"
          />
          {manage ? (
            <>
              <Button
                size="sm"
                icon={<UserPlus className="size-4" aria-hidden="true" />}
                onClick={() => setSharing(true)}
              >
                Share
              </Button>
              <Button
                variant="secondary"
                size="sm"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              icon={<Users className="size-4" aria-hidden="true" />}
              onClick={() => setSharing(true)}
            >
              Members
            </Button>
          )}
        </div>
      </div>
      <FlashMessage message={flash.message} className="mb-4" />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <Tabs current={tab} onSelect={setTab} />
          <div
            role="tabpanel"
            id={`panel-${tab}`}
            aria-labelledby={`tab-${tab}`}
            tabIndex={0}
            className="rounded-xl"
          >
            {tab === 'notes' ? (
              <NotesTab collectionId={collection.id} role={collection.role} />
            ) : tab === 'content' ? (
              <ContentTab collectionId={collection.id} role={collection.role} />
            ) : (
              <FilesTab collectionId={collection.id} role={collection.role} />
            )}
          </div>
        </div>
        <aside className="space-y-4" aria-label="Collection details">
          <Panel title="Tags">
            {manage ? (
              <CollectionTags
                collection={collection}
                allTags={tags.data ?? []}
                tagsLoading={tags.isPending}
                busy={busyField === 'tags'}
                onChangeTags={(ids) =>
                  quiet(patch({ tags: ids }, 'Failed to update tags. Please try again.', 'tags'))
                }
                onCreateTag={async (name) => {
                  let created;
                  try {
                    created = await createTag.mutateAsync(name);
                  } catch (error) {
                    flash.show(
                      error instanceof ApiRequestError &&
                        error.status === 400 &&
                        error.serverMessage
                        ? `Failed to create tag: ${error.fieldErrors.name ?? error.serverMessage}`
                        : 'Failed to create tag. Please try again.',
                    );
                    throw error;
                  }
                  await patch(
                    { tags: [...collection.tags, created.id] },
                    'Failed to update tags. Please try again.',
                    'tags',
                  );
                }}
              />
            ) : collection.tags_named_list.length === 0 ? (
              <p className="text-sm text-slate-500 italic">No tags yet</p>
            ) : (
              // The owner's tag names, read-only (tags are per person).
              <TagChipList tags={collection.tags_named_list} max={50} />
            )}
          </Panel>
          <Panel title="Description">
            {manage ? (
              <CollectionDescription
                key={collection.description}
                description={collection.description}
                onSave={(description) =>
                  patch({ description }, 'Failed to update the description. Please try again.')
                }
              />
            ) : (
              <p
                className={
                  collection.description
                    ? 'text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700'
                    : 'text-sm text-slate-500 italic'
                }
              >
                {collection.description || 'No description.'}
              </p>
            )}
          </Panel>
          <Panel title="Status">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {collection.is_active ? (
                <Badge tone="success">Active</Badge>
              ) : (
                <Badge tone="warning">Inactive</Badge>
              )}
              {manage && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busyField === 'status'}
                  disabled={busyField !== null}
                  onClick={() =>
                    quiet(
                      patch(
                        { is_active: !collection.is_active },
                        'Failed to change the status. Please try again.',
                        'status',
                      ),
                    )
                  }
                >
                  {collection.is_active ? 'Set Inactive' : 'Set Active'}
                </Button>
              )}
            </div>
          </Panel>
          <Panel title="Visibility">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {collection.is_public ? (
                <Badge tone="info" icon={<Globe className="size-3" aria-hidden="true" />}>
                  Public
                </Badge>
              ) : (
                <Badge tone="neutral" icon={<Lock className="size-3" aria-hidden="true" />}>
                  Private
                </Badge>
              )}
              {manage && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busyField === 'visibility'}
                  disabled={busyField !== null}
                  onClick={() =>
                    quiet(
                      patch(
                        { is_public: !collection.is_public },
                        'Failed to change the visibility. Please try again.',
                        'visibility',
                      ),
                    )
                  }
                >
                  {collection.is_public ? 'Set Private' : 'Set Public'}
                </Button>
              )}
            </div>
          </Panel>
          {manage && (
            <Panel title="Publish to web">
              <PublishCard collection={collection} />
            </Panel>
          )}
          {!manage && collection.public_url && (
            <Panel title="Published">
              <a
                href={collection.public_url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium text-indigo-700 underline"
              >
                Open the public page
              </a>
            </Panel>
          )}
          <Panel title="Created">
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
              {formatDate(collection.created_on)}
            </p>
          </Panel>
        </aside>
      </div>

      {manage && (
        <DeleteCollectionDialog
          collection={deleting ? collection : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/collections', { replace: true })}
        />
      )}
      <ShareDialog
        collection={collection}
        open={sharing}
        onClose={() => setSharing(false)}
        onLeft={() => {
          const state: CollectionsNotice = {
            notice: `You left ${collection.name}.`,
            tone: 'success',
          };
          void navigate('/collections', { replace: true, state });
        }}
      />
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The tablist of the WAI-ARIA tabs pattern: one tab in the Tab order, arrows (and Home/End)
 * move between tabs and select them; the choice is kept in the address (`?tab=files`).
 */
function Tabs({ current, onSelect }: { current: Tab; onSelect: (tab: Tab) => void }) {
  const buttons = useRef<Map<Tab, HTMLButtonElement>>(new Map());

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === current);
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = TABS[target]!.id;
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Collection sections"
      onKeyDown={onKeyDown}
      className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {TABS.map((tab) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-2',
              selected
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
