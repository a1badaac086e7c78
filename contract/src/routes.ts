/**
 * Every API path, written once: the server registers from this table (with the schemas of
 * `endpoints.ts`) and the web client calls through it. This file imports no zod, so the web
 * app can load it at run time without pulling schemas into its bundle (`@cw/contract/routes`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** Fastify path syntax: `:name` marks a parameter. Trailing slashes as in the spec. */
  readonly path: string;
}

const route = <M extends HttpMethod, P extends string>(method: M, path: P) => ({ method, path });

export const routes = {
  'system.health': route('GET', '/api/health'),
  'system.ready': route('GET', '/api/ready'),
  'system.metrics': route('GET', '/api/metrics'),
  'system.openapi': route('GET', '/api/openapi.json'),
  /** Live co-editing's WebSocket (docs/api.md, "Writing together"): an upgrade, not a call. */
  'collab.socket': route('GET', '/api/collab'),

  'auth.register': route('POST', '/api/auth/register/'),
  'auth.login': route('POST', '/api/auth/login/'),
  'auth.verifyOtp': route('POST', '/api/auth/verify-otp/'),
  'auth.sendOtp': route('POST', '/api/auth/send-otp/'),
  'auth.verifyToken': route('POST', '/api/auth/verify-token/'),
  'auth.refreshToken': route('POST', '/api/auth/refresh-token/'),
  'auth.userDetails': route('GET', '/api/auth/user-details/'),
  'auth.updateProfile': route('PATCH', '/api/auth/update-profile/'),
  'auth.updatePassword': route('POST', '/api/auth/update-password/'),
  'auth.sendOtpResetPassword': route('POST', '/api/auth/send-otp-reset-password/'),
  'auth.resetPasswordOtp': route('POST', '/api/auth/reset-password-otp/'),
  'auth.deleteAccount': route('POST', '/api/auth/delete-account/'),

  'collections.list': route('GET', '/api/collections/list/'),
  'collections.create': route('POST', '/api/collections/list/'),
  'collections.get': route('GET', '/api/collections/list/:id/'),
  'collections.update': route('PATCH', '/api/collections/list/:id/'),
  'collections.remove': route('DELETE', '/api/collections/list/:id/'),
  'collections.publish': route('POST', '/api/collections/list/:id/publish/'),
  'collections.unpublish': route('DELETE', '/api/collections/list/:id/publish/'),

  'members.list': route('GET', '/api/collections/list/:id/members/'),
  'members.invite': route('POST', '/api/collections/list/:id/members/'),
  'members.update': route('PATCH', '/api/collections/list/:id/members/:member_id/'),
  'members.remove': route('DELETE', '/api/collections/list/:id/members/:member_id/'),
  'members.resend': route('POST', '/api/collections/list/:id/members/:member_id/resend/'),
  'activity.list': route('GET', '/api/collections/list/:id/activity/'),
  'invitations.get': route('GET', '/api/invitations/:token/'),
  'invitations.accept': route('POST', '/api/invitations/:token/accept/'),

  'contents.list': route('GET', '/api/collections/contents-list/'),
  'contents.create': route('POST', '/api/collections/contents-list/'),
  'contents.get': route('GET', '/api/collections/contents-list/:id/'),
  'contents.update': route('PATCH', '/api/collections/contents-list/:id/'),
  'contents.remove': route('DELETE', '/api/collections/contents-list/:id/'),
  'versions.list': route('GET', '/api/collections/contents-list/:id/versions/'),
  'versions.create': route('POST', '/api/collections/contents-list/:id/versions/'),
  'versions.get': route('GET', '/api/collections/contents-list/:id/versions/:vid/'),
  'versions.restore': route('POST', '/api/collections/contents-list/:id/versions/:vid/restore/'),
  'contents.publish': route('POST', '/api/collections/contents-list/:id/publish/'),
  'links.list': route('GET', '/api/collections/contents-list/:id/links/'),
  'links.backlinks': route('GET', '/api/collections/contents-list/:id/backlinks/'),
  'comments.threads': route('GET', '/api/collections/contents-list/:id/threads/'),
  'comments.start': route('POST', '/api/collections/contents-list/:id/threads/'),
  'comments.reply': route(
    'POST',
    '/api/collections/contents-list/:id/threads/:thread_id/comments/',
  ),
  'comments.resolve': route(
    'POST',
    '/api/collections/contents-list/:id/threads/:thread_id/resolve/',
  ),
  'comments.reopen': route(
    'DELETE',
    '/api/collections/contents-list/:id/threads/:thread_id/resolve/',
  ),
  'comments.update': route('PATCH', '/api/collections/contents-list/:id/comments/:comment_id/'),
  'comments.remove': route('DELETE', '/api/collections/contents-list/:id/comments/:comment_id/'),
  'comments.people': route('GET', '/api/collections/contents-list/:id/people/'),

  'tags.list': route('GET', '/api/collections/tags/'),
  'tags.create': route('POST', '/api/collections/tags/'),
  'tags.get': route('GET', '/api/collections/tags/:id/'),
  'tags.update': route('PATCH', '/api/collections/tags/:id/'),
  'tags.remove': route('DELETE', '/api/collections/tags/:id/'),
  'tags.merge': route('POST', '/api/collections/tags/:id/merge/'),

  'search.query': route('GET', '/api/search/'),
  'dashboard.summary': route('GET', '/api/dashboard/'),

  'files.list': route('GET', '/api/collections/files/'),
  'files.upload': route('POST', '/api/collections/files/'),
  'files.get': route('GET', '/api/collections/files/:id/'),
  'files.update': route('PATCH', '/api/collections/files/:id/'),
  'files.remove': route('DELETE', '/api/collections/files/:id/'),
  'files.download': route('GET', '/api/collections/files/:id/download/'),
  'files.previewLink': route('POST', '/api/collections/files/:id/preview-link/'),
  'files.preview': route('GET', '/api/collections/files/:id/preview/'),
  'files.usage': route('GET', '/api/collections/files/usage/'),

  'notes.list': route('GET', '/api/collections/notes/'),
  'notes.create': route('POST', '/api/collections/notes/'),
  'notes.get': route('GET', '/api/collections/notes/:id/'),
  'notes.update': route('PATCH', '/api/collections/notes/:id/'),
  'notes.remove': route('DELETE', '/api/collections/notes/:id/'),

  'export.download': route('GET', '/api/export/'),
  'export.link': route('POST', '/api/export/link/'),
  'import.start': route('POST', '/api/import/'),
  'import.get': route('GET', '/api/import/:id/'),

  'notifications.list': route('GET', '/api/notifications/'),
  'notifications.unread': route('GET', '/api/notifications/unread/'),
  'notifications.read': route('POST', '/api/notifications/:id/read/'),
  'notifications.readAll': route('POST', '/api/notifications/read-all/'),
  'notifications.settings': route('GET', '/api/notifications/settings/'),
  'notifications.updateSettings': route('PATCH', '/api/notifications/settings/'),
  // The one-click unsubscribe link of a notification mail: no sign-in (decision 226).
  'notifications.unsubscribePage': route('GET', '/api/notifications/unsubscribe/'),
  'notifications.unsubscribe': route('POST', '/api/notifications/unsubscribe/'),

  'trash.list': route('GET', '/api/trash/'),
  'trash.empty': route('DELETE', '/api/trash/'),
  'trash.restore': route('POST', '/api/trash/:type/:id/restore/'),
  'trash.remove': route('DELETE', '/api/trash/:type/:id/'),

  // Templates (docs/api.md, "Templates"): the built-in ones and the caller's own.
  'templates.list': route('GET', '/api/templates/'),
  'templates.create': route('POST', '/api/templates/'),
  'templates.remove': route('DELETE', '/api/templates/:id/'),
  'templates.use': route('POST', '/api/templates/:id/use/'),

  // A published collection, for anyone with its link (docs/api.md, "Publishing").
  'public.get': route('GET', '/api/public/:public_id/'),
  'public.page': route('GET', '/p/:public_id'),
  'public.feed': route('GET', '/p/:public_id/feed.xml'),
  'public.item': route('GET', '/p/:public_id/:content_id'),
  'public.file': route('GET', '/p/:public_id/files/:file_id'),

  // Followers by email (docs/api.md, "Followers"; decision 247): the public page's form and the
  // signed links of its mails need no sign-in; the count and the export are the owner's.
  'followers.follow': route('POST', '/p/:public_id/follow'),
  'followers.confirmPage': route('GET', '/api/followers/confirm/'),
  'followers.confirm': route('POST', '/api/followers/confirm/'),
  'followers.unsubscribePage': route('GET', '/api/followers/unsubscribe/'),
  'followers.unsubscribe': route('POST', '/api/followers/unsubscribe/'),
  'followers.count': route('GET', '/api/collections/list/:id/followers/'),
  'followers.export': route('GET', '/api/collections/list/:id/followers/export/'),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** `'/a/:id/b/:vid/'` → `'id' | 'vid'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters a route needs, from its path: `{ id: number | string }`, or none. */
export type PathParams<N extends RouteName> = [ParamNames<Routes[N]['path']>] extends [never]
  ? Record<string, never>
  : { [K in ParamNames<Routes[N]['path']>]: number | string };

/** The concrete path of a route, parameters filled in: `pathOf('files.download', { id: 7 })`. */
export function pathOf<N extends RouteName>(
  name: N,
  ...[params]: [ParamNames<Routes[N]['path']>] extends [never] ? [] : [PathParams<N>]
): string {
  const { path } = routes[name];
  if (!params) return path;
  const values = params as Record<string, number | string>;
  return path.replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`pathOf(${name}): no value for :${key}`);
    return encodeURIComponent(String(value));
  });
}
