import type { Collection } from '@cw/contract';
import { CalendarDays, Radio, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { MemberAvatars } from '../../../components/member-avatars';
import { RoleBadge } from '../../../components/role-badge';
import { TagChipList, tagHref } from '../../../components/tag-chip';
import { formatDate } from '../../../lib/format';
import { can } from '../../../lib/roles';
import { IconButton } from '../../../components/icon-button';
import { ActiveBadge, VisibilityBadge } from './collection-badges';

/**
 * One collection in the grid. The whole card opens the collection; the bin (its owner only)
 * asks to delete it. The people it is shared with show as avatars; a collection shared with the
 * signed-in person names its owner and their role.
 */
export function CollectionCard({
  collection,
  onDelete,
}: {
  collection: Collection;
  onDelete?: (collection: Collection) => void;
}) {
  const tags = collection.tags_named_list;
  const manage = can.manage(collection.role);
  return (
    <article
      className="group relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-200 has-[h2_a:focus-visible]:outline-2 has-[h2_a:focus-visible]:outline-offset-2 has-[h2_a:focus-visible]:outline-indigo-600"
      data-testid="collection-card"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
          <Link
            to={`/collections/${collection.id}`}
            className="line-clamp-2 group-hover:text-indigo-700 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {collection.name}
          </Link>
        </h2>
        {onDelete && manage && (
          <IconButton
            icon={Trash2}
            label={`Delete collection ${collection.name}`}
            title="Delete collection"
            tone="danger"
            className="relative z-10 -mt-1 -mr-1"
            onClick={() => onDelete(collection)}
          />
        )}
      </div>
      {!manage && (
        <p className="mt-1 text-sm text-slate-600" data-testid="collection-owner">
          Shared by {collection.owner_name}
        </p>
      )}
      <p
        className={
          collection.description
            ? 'mt-2 line-clamp-3 text-sm [overflow-wrap:anywhere] text-slate-600'
            : 'mt-2 text-sm text-slate-500 italic'
        }
      >
        {collection.description || 'No description provided.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-1.5">
        <RoleBadge role={collection.role} />
        <VisibilityBadge isPublic={collection.is_public} />
        {collection.public_id && (
          <Badge tone="brand" icon={<Radio className="size-3" aria-hidden="true" />}>
            On the web
          </Badge>
        )}
        <ActiveBadge isActive={collection.is_active} />
      </div>
      <TagChipList
        tags={tags}
        // Tags are per person: only the owner's own tags can filter their content list.
        href={collection.role === 'owner' ? tagHref : undefined}
        // Above the card's stretched link, so a chip is a link of its own.
        className="relative z-10 mt-3"
      />
      <div className="mt-auto flex items-end justify-between gap-3 pt-4">
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          Created {formatDate(collection.created_on)}
        </p>
        <MemberAvatars members={collection.members_preview} total={collection.member_count} />
      </div>
    </article>
  );
}
