import type { Collection } from '@cw/contract';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { DetailPanel } from '../../../components/detail-panel';
import { TagChipList } from '../../../components/tag-chip';
import { ApiRequestError } from '../../../lib/api-client';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { can } from '../../../lib/roles';
import { ActiveBadge, VisibilityBadge } from './collection-badges';
import { CollectionDescription } from './collection-description';
import { CollectionTags } from './collection-tags';
import { PublishCard } from './publish-card';
import { quiet, type CollectionEdit, type CollectionField } from './use-collection-edit';

/**
 * The side column of a collection's page: tags, description, status, visibility, publishing
 * and the day it was made. A role that may not manage sees them read-only.
 */
export function CollectionDetails({
  collection,
  edit,
}: {
  collection: Collection;
  edit: CollectionEdit;
}) {
  const manage = can.manage(collection.role);
  const { patch } = edit;
  return (
    <aside className="space-y-4" aria-label="Collection details">
      <DetailPanel title="Tags">
        {manage ? (
          <ManagedTags collection={collection} edit={edit} />
        ) : collection.tags_named_list.length === 0 ? (
          <p className="text-sm text-slate-500 italic">No tags yet</p>
        ) : (
          // The owner's tag names, read-only (tags are per person).
          <TagChipList tags={collection.tags_named_list} max={50} />
        )}
      </DetailPanel>
      <DetailPanel title="Description">
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
      </DetailPanel>
      <FlagPanel
        title="Status"
        badge={<ActiveBadge isActive={collection.is_active} />}
        toggle={collection.is_active ? 'Set Inactive' : 'Set Active'}
        field="status"
        manage={manage}
        busyField={edit.busyField}
        onToggle={() =>
          patch(
            { is_active: !collection.is_active },
            'Failed to change the status. Please try again.',
            'status',
          )
        }
      />
      <FlagPanel
        title="Visibility"
        badge={<VisibilityBadge isPublic={collection.is_public} />}
        toggle={collection.is_public ? 'Set Private' : 'Set Public'}
        // What the flag does (decision 232): only Publish to web puts anything on the web.
        hint={
          collection.public_id
            ? 'On the web: anyone with its link sees it. Set Private also unpublishes it.'
            : 'Not on the web. Nothing is public until it is published (Publish to web).'
        }
        field="visibility"
        manage={manage}
        busyField={edit.busyField}
        onToggle={() =>
          patch(
            { is_public: !collection.is_public },
            'Failed to change the visibility. Please try again.',
            'visibility',
          )
        }
      />
      {manage && (
        <DetailPanel title="Publish to web">
          <PublishCard collection={collection} />
        </DetailPanel>
      )}
      {!manage && collection.public_url && (
        <DetailPanel title="On the web">
          <a
            href={collection.public_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-indigo-700 underline"
          >
            Open the public page
          </a>
        </DetailPanel>
      )}
      <DetailPanel title="Created">
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
          {formatDate(collection.created_on)}
        </p>
      </DetailPanel>
    </aside>
  );
}

/** A flag of the collection (Active, Public): its badge, and for a manager the switch. */
function FlagPanel({
  title,
  badge,
  toggle,
  hint,
  field,
  manage,
  busyField,
  onToggle,
}: {
  title: string;
  badge: ReactNode;
  toggle: string;
  hint?: string;
  field: CollectionField;
  manage: boolean;
  busyField: CollectionField | null;
  onToggle: () => Promise<unknown>;
}) {
  return (
    <DetailPanel title={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {badge}
        {manage && (
          <Button
            variant="secondary"
            size="sm"
            loading={busyField === field}
            disabled={busyField !== null}
            onClick={() => quiet(onToggle())}
          >
            {toggle}
          </Button>
        )}
      </div>
      {hint && <p className="mt-2 text-xs text-slate-500">{hint}</p>}
    </DetailPanel>
  );
}

/** The owner's or an editor's tag picker: add, remove, or create a tag and add it. */
function ManagedTags({ collection, edit }: { collection: Collection; edit: CollectionEdit }) {
  const user = useCurrentUser();
  const tags = useAllTags(user.id);
  const createTag = useCreateTag(user.id);
  const { patch, flash } = edit;
  return (
    <CollectionTags
      collection={collection}
      allTags={tags.data ?? []}
      tagsLoading={tags.isPending}
      busy={edit.busyField === 'tags'}
      onChangeTags={(ids) =>
        quiet(patch({ tags: ids }, 'Failed to update tags. Please try again.', 'tags'))
      }
      onCreateTag={async (name) => {
        let created;
        try {
          created = await createTag.mutateAsync(name);
        } catch (error) {
          flash.show(
            error instanceof ApiRequestError && error.status === 400 && error.serverMessage
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
  );
}
