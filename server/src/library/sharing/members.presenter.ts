import type { Member, MemberStatus, Role } from '@cw/contract';
import { iso } from '../shared/presenters';
import { fullName } from '../shared/rows';
import type { MemberWithPerson } from './members.repository';

export function presentMember(row: MemberWithPerson): Member {
  return {
    id: row.id,
    email: row.email,
    name: row.userId === null ? null : fullName(row.firstName, row.lastName),
    role: row.role as Role,
    status: row.status as MemberStatus,
    user: row.userId,
    profile_pic: row.userId === null ? null : row.profilePic,
    created_on: iso(row.createdOn),
  };
}
