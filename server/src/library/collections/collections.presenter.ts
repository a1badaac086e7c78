import { pathOf, type Collection, type Role, type TagRef } from '@cw/contract';
import { iso, isoOrNull } from '../shared/presenters';
import { fullName, type MemberPreviewRow } from '../shared/rows';
import type { CollectionRow } from './collections.repository';

export function presentCollection(
  row: CollectionRow,
  details: {
    tagRefs: TagRef[];
    contentCount: number;
    role: Role;
    ownerName: string;
    members: MemberPreviewRow[];
  },
): Collection {
  const { tagRefs, contentCount, role, ownerName, members } = details;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    is_public: row.isPublic,
    created_on: iso(row.createdOn),
    updated_on: isoOrNull(row.updatedOn),
    tags: tagRefs.map((tag) => tag.id),
    tags_named_list: tagRefs,
    meta_data: row.metaData,
    user: row.userId,
    content_count: contentCount,
    role,
    owner_name: ownerName,
    member_count: members[0]?.total ?? 0,
    feed_full_text: row.feedFullText,
    members_preview: members.map((member) => ({
      id: member.userId,
      name: fullName(member.firstName, member.lastName),
      profile_pic: member.profilePic,
    })),
    public_id: row.publicId,
    public_url: row.publicId ? pathOf('public.page', { public_id: row.publicId }) : null,
  };
}
