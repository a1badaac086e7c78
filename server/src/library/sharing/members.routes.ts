import type { RouteHandlers } from '../../http/route-table';
import type { MembersService } from './members.service';

/** Sharing a collection (docs/api.md, "Sharing"); paths and schemas come from the contract. */
export const membersRoutes = (
  service: MembersService,
): RouteHandlers<
  | 'members.list'
  | 'members.invite'
  | 'members.update'
  | 'members.remove'
  | 'members.resend'
  | 'invitations.get'
  | 'invitations.accept'
> => ({
  'members.list': (request, _reply, caller) => service.list(caller, request.params.id),
  'members.invite': (request, _reply, caller) =>
    service.invite(caller, request.params.id, request.body),
  'members.update': (request, _reply, caller) =>
    service.updateRole(caller, request.params.id, request.params.member_id, request.body),
  'members.remove': (request, _reply, caller) =>
    service.remove(caller, request.params.id, request.params.member_id),
  'members.resend': (request, _reply, caller) =>
    service.resend(caller, request.params.id, request.params.member_id),
  'invitations.get': (request) => service.invitation(request.params.token),
  'invitations.accept': (request, _reply, caller) => service.accept(caller, request.params.token),
});
