import { z } from 'zod';
import {
  deleteAccountBodySchema,
  emailBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  refreshTokenBodySchema,
  registerBodySchema,
  resetPasswordOtpBodySchema,
  tokenPairSchema,
  updatePasswordBodySchema,
  updateProfileAnswerSchema,
  updateProfileBodySchema,
  userSchema,
  verifyOtpAnswerSchema,
  verifyOtpBodySchema,
  verifyTokenBodySchema,
} from './auth';
import { idParamsSchema, messageSchema, paginatedSchema } from './common';
import {
  collectionCreateBodySchema,
  collectionListQuerySchema,
  collectionPatchBodySchema,
  collectionSchema,
  contentCreateBodySchema,
  contentListQuerySchema,
  contentPatchBodySchema,
  contentSchema,
  fileListQuerySchema,
  filePatchBodySchema,
  filePreviewLinkSchema,
  filePreviewQuerySchema,
  fileSchema,
  noteCreateBodySchema,
  noteListQuerySchema,
  notePatchBodySchema,
  noteSchema,
  storageUsageSchema,
  tagCreateBodySchema,
  tagListQuerySchema,
  tagMergeBodySchema,
  tagPatchBodySchema,
  tagSchema,
} from './library';
import type { RouteName } from './routes';
import {
  activityListQuerySchema,
  activitySchema,
  notificationListQuerySchema,
  notificationSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
} from './notifications';
import {
  publicCollectionSchema,
  publicFileParamsSchema,
  publicItemParamsSchema,
  publicParamsSchema,
} from './publishing';
import { followBodySchema, followerCountSchema, followerTokenQuerySchema } from './followers';
import { exportDownloadQuerySchema, exportLinkSchema, importJobSchema } from './imports';
import { searchQuerySchema, searchResultSchema } from './search';
import { dashboardQuerySchema, dashboardSummarySchema } from './dashboard';
import {
  backlinkListQuerySchema,
  backlinkSchema,
  itemLinksSchema,
  linkParamsSchema,
} from './wikilinks';
import {
  commentBodySchema,
  commentParamsSchema,
  peopleQuerySchema,
  personSchema,
  threadCreateBodySchema,
  threadListQuerySchema,
  threadParamsSchema,
  threadSchema,
} from './comments';
import { restoredSchema, trashItemSchema, trashListQuerySchema, trashParamsSchema } from './trash';
import {
  versionCreateBodySchema,
  versionListQuerySchema,
  versionParamsSchema,
  versionSchema,
  versionSummarySchema,
} from './versions';
import {
  templateCreateBodySchema,
  templateParamsSchema,
  templateSchema,
  templateUseBodySchema,
} from './templates';
import {
  invitationParamsSchema,
  invitationSchema,
  memberCreateBodySchema,
  memberParamsSchema,
  memberPatchBodySchema,
  memberSchema,
} from './sharing';

/** Error statuses an endpoint may answer, each in the shape of `apiErrorSchema`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 412 | 413 | 415 | 426 | 429 | 503;

/**
 * What the server validates and documents for one route of `routes.ts`: the request's parts,
 * the success answer (one status) and the error statuses. `signedIn` routes get the auth guard.
 */
export interface EndpointSchemas {
  group: string;
  summary: string;
  signedIn: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart uploads are read as a stream by the route, not through a body schema. */
  consumes?: string[];
  produces?: string[];
  success: { status: 200 | 201 | 202 | 204; schema: z.ZodType };
  errors: readonly ErrorStatus[];
  hidden?: boolean;
  /**
   * Also signed in by `?ticket=` of a download link instead of the Authorization header
   * (docs/auth.md, "Download tickets").
   */
  ticket?: boolean;
}

export const healthSchema = z.object({ status: z.literal('ok') });
/** Prometheus text exposition format (text/plain; version=0.0.4). */
export const metricsTextSchema = z.string();
export const noContentSchema = z.null().describe('No content');
export const emptyObjectSchema = z.object({});

const ok = <S extends z.ZodType>(schema: S) => ({ status: 200 as const, schema });
const created = <S extends z.ZodType>(schema: S) => ({ status: 201 as const, schema });
const deleted = { status: 204 as const, schema: noContentSchema };
const accepted = <S extends z.ZodType>(schema: S) => ({ status: 202 as const, schema });

const publicAuth = { group: 'auth', signedIn: false, errors: [400, 401, 429, 503] } as const;
const signedInAuth = { group: 'auth', signedIn: true } as const;

/** A library resource's five calls share their shapes; only the schemas and words differ. */
const library = (group: string) => ({ group, signedIn: true }) as const;
const collections = library('collections');
const contents = library('content items');
const tags = library('tags');
const files = library('files');
const notes = library('collection notes');
const members = library('sharing');
const trash = library('trash');
const templates = library('templates');
const notifications = library('notifications');
const comments = library('comments');
const yourData = library('your data');
/** Published collections, for anyone with the link: no sign-in; anything not public is a 404. */
const publicPages = { group: 'public pages', signedIn: false, errors: [404] } as const;
const html = z.string().describe('An HTML page, readable without JavaScript');

export const endpoints = {
  'system.health': {
    group: 'health',
    summary: 'Liveness and database reachability',
    signedIn: false,
    success: ok(healthSchema),
    errors: [503],
  },
  'system.ready': {
    group: 'health',
    summary: 'Readiness: this process reaches the database and the file store',
    signedIn: false,
    success: ok(healthSchema),
    errors: [503],
  },
  // Operators' Prometheus endpoint, behind METRICS_TOKEN rather than a user's token: not part of
  // the API clients use, so it stays out of OpenAPI (docs/operations.md, decision 171).
  'system.metrics': {
    group: 'health',
    summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
    signedIn: false,
    produces: ['text/plain'],
    success: ok(metricsTextSchema),
    errors: [401, 404],
    hidden: true,
  },
  'system.openapi': {
    group: 'health',
    summary: 'This description',
    signedIn: false,
    success: ok(z.unknown()),
    errors: [],
    hidden: true,
  },

  // The WebSocket of live co-editing (Hocuspocus protocol): a plain GET is told to upgrade. Not a
  // REST call, so it stays out of OpenAPI (docs/api.md, "Writing together").
  'collab.socket': {
    group: 'writing together',
    summary: 'Live co-editing: upgrade to a WebSocket (Hocuspocus protocol)',
    signedIn: false,
    success: ok(z.null()),
    errors: [426],
    hidden: true,
  },

  'auth.register': {
    ...publicAuth,
    summary: 'Create an account and mail a verification code',
    body: registerBodySchema,
    success: created(messageSchema),
  },
  'auth.login': {
    ...publicAuth,
    summary: 'Sign in: tokens, or a mailed code when unverified or MFA is on',
    body: loginBodySchema,
    success: ok(loginAnswerSchema),
  },
  'auth.verifyOtp': {
    ...publicAuth,
    summary: 'Check a mailed code (verification or sign-in); marks the email verified',
    body: verifyOtpBodySchema,
    success: ok(verifyOtpAnswerSchema),
  },
  'auth.sendOtp': {
    ...publicAuth,
    summary: 'Mail a new verification code to an unverified account',
    body: emailBodySchema,
    success: ok(messageSchema),
  },
  'auth.verifyToken': {
    ...publicAuth,
    summary: 'Check an access token',
    body: verifyTokenBodySchema,
    success: ok(emptyObjectSchema),
  },
  'auth.refreshToken': {
    ...publicAuth,
    summary: 'Exchange a refresh token for a new pair (the old one is rotated out)',
    body: refreshTokenBodySchema,
    success: ok(tokenPairSchema),
  },
  'auth.userDetails': {
    ...signedInAuth,
    summary: 'The signed-in user',
    success: ok(userSchema),
    errors: [401],
  },
  'auth.updateProfile': {
    ...signedInAuth,
    summary:
      'Change the name or the speaking pace, or switch MFA on or off (off needs the password)',
    body: updateProfileBodySchema,
    success: ok(updateProfileAnswerSchema),
    errors: [400, 401, 429],
  },
  'auth.updatePassword': {
    ...signedInAuth,
    summary: 'Change the password; signs out every other session',
    body: updatePasswordBodySchema,
    success: ok(messageSchema),
    errors: [400, 401, 429, 503],
  },
  'auth.deleteAccount': {
    ...signedInAuth,
    summary:
      'Delete the account and everything of it (rows and stored files); its tokens stop working',
    body: deleteAccountBodySchema,
    success: ok(messageSchema),
    errors: [400, 401, 429, 503],
  },
  'auth.sendOtpResetPassword': {
    ...publicAuth,
    summary: 'Mail a password-reset code (same answer whether or not the account exists)',
    body: emailBodySchema,
    success: ok(messageSchema),
  },
  'auth.resetPasswordOtp': {
    ...publicAuth,
    summary: 'Set a new password with a mailed reset code; signs out every session',
    body: resetPasswordOtpBodySchema,
    success: ok(messageSchema),
  },

  'collections.list': {
    ...collections,
    summary:
      "List the caller's collections, newest first (`scope`: `mine`, `shared` with the caller, `all`)",
    query: collectionListQuerySchema,
    success: ok(paginatedSchema(collectionSchema)),
    errors: [400, 401, 403],
  },
  'collections.create': {
    ...collections,
    summary: 'Create a collection',
    body: collectionCreateBodySchema,
    success: created(collectionSchema),
    errors: [400, 401, 403],
  },
  'collections.get': {
    ...collections,
    summary: 'Read one collection',
    params: idParamsSchema,
    success: ok(collectionSchema),
    errors: [401, 404],
  },
  'collections.update': {
    ...collections,
    summary: 'Change any subset of a collection’s fields',
    params: idParamsSchema,
    body: collectionPatchBodySchema,
    success: ok(collectionSchema),
    errors: [400, 401, 403, 404],
  },
  'collections.remove': {
    ...collections,
    summary: 'Move a collection to the trash with its notes',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },

  'collections.publish': {
    ...collections,
    summary:
      'Publish to the web: a link `/p/{public_id}` shows its public items to anyone (the owner only; publishing again keeps the link)',
    params: idParamsSchema,
    success: ok(collectionSchema),
    errors: [401, 403, 404],
  },
  'collections.unpublish': {
    ...collections,
    summary: 'Stop publishing: the link answers 404 at once; publishing later makes a new one',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },

  'members.list': {
    ...members,
    summary:
      'Who can see a collection: the owner first, then members (pending invitations: owner only)',
    params: idParamsSchema,
    success: ok(z.array(memberSchema)),
    errors: [401, 404],
  },
  'members.invite': {
    ...members,
    summary:
      'Share a collection by email with a `viewer` or an `editor` (mails an invitation; one mail per address per 30 s, 20 mails per inviter an hour)',
    params: idParamsSchema,
    body: memberCreateBodySchema,
    success: created(memberSchema),
    errors: [400, 401, 403, 404, 429],
  },
  'members.update': {
    ...members,
    summary: "Change a member's role (owner only)",
    params: memberParamsSchema,
    body: memberPatchBodySchema,
    success: ok(memberSchema),
    errors: [400, 401, 403, 404],
  },
  'members.remove': {
    ...members,
    summary: 'Remove a member or revoke an invitation (owner), or leave (the member)',
    params: memberParamsSchema,
    success: deleted,
    errors: [400, 401, 403, 404],
  },
  'members.resend': {
    ...members,
    summary:
      'Mail a pending invitation again, with a new link (one mail per address per 30 s, 20 mails per inviter an hour)',
    params: memberParamsSchema,
    success: ok(memberSchema),
    errors: [400, 401, 403, 404, 429],
  },
  'activity.list': {
    ...members,
    summary: "A collection's activity, newest first (its members, viewers too)",
    params: idParamsSchema,
    query: activityListQuerySchema,
    success: ok(paginatedSchema(activitySchema)),
    errors: [400, 401, 404],
  },
  'notifications.list': {
    ...notifications,
    summary: "The caller's notifications, newest first",
    query: notificationListQuerySchema,
    success: ok(paginatedSchema(notificationSchema)),
    errors: [400, 401],
  },
  'notifications.unread': {
    ...notifications,
    summary: "How many of the caller's notifications are unread (the bell polls it)",
    success: ok(unreadCountSchema),
    errors: [401],
  },
  'notifications.read': {
    ...notifications,
    summary: 'Mark one notification read (answers the unread count)',
    params: idParamsSchema,
    success: ok(unreadCountSchema),
    errors: [400, 401, 404],
  },
  'notifications.readAll': {
    ...notifications,
    summary: "Mark all the caller's notifications read",
    success: ok(unreadCountSchema),
    errors: [401],
  },
  'notifications.settings': {
    ...notifications,
    summary: 'Which kinds of notification are also mailed',
    success: ok(notificationSettingsSchema),
    errors: [401],
  },
  'notifications.updateSettings': {
    ...notifications,
    summary: 'Turn the mail of kinds of notification on or off',
    body: notificationSettingsPatchSchema,
    success: ok(notificationSettingsSchema),
    errors: [400, 401],
  },
  'notifications.unsubscribePage': {
    group: 'notifications',
    signedIn: false,
    summary: "A notification mail's unsubscribe link: a page asking to confirm (HTML)",
    query: unsubscribeQuerySchema,
    produces: ['text/html'],
    success: ok(html),
    errors: [400],
  },
  'notifications.unsubscribe': {
    group: 'notifications',
    signedIn: false,
    summary:
      "Stop all notification mail of the link's person (RFC 8058 one-click: any body, form or none)",
    query: unsubscribeQuerySchema,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/html'],
    success: ok(html),
    errors: [400, 415],
  },
  'invitations.get': {
    group: 'sharing',
    signedIn: false,
    summary: 'What an invitation link offers (unknown, used or expired: 404)',
    params: invitationParamsSchema,
    success: ok(invitationSchema),
    errors: [404],
  },
  'invitations.accept': {
    ...members,
    summary: 'Accept an invitation (only the account with the invited, verified email)',
    params: invitationParamsSchema,
    success: ok(collectionSchema),
    errors: [401, 403, 404],
  },

  'contents.list': {
    ...contents,
    summary: "List the caller's content items, newest first (`tag` filters by tag id)",
    query: contentListQuerySchema,
    success: ok(paginatedSchema(contentSchema)),
    errors: [400, 401, 403, 404],
  },
  'contents.create': {
    ...contents,
    summary: 'Create a content item (with tag ids and already uploaded file ids)',
    body: contentCreateBodySchema,
    success: created(contentSchema),
    errors: [400, 401, 403],
  },
  'contents.get': {
    ...contents,
    summary: 'Read one content item',
    params: idParamsSchema,
    success: ok(contentSchema),
    errors: [401, 404],
  },
  'contents.update': {
    ...contents,
    summary: 'Change any subset of a content item’s fields (If-Match: its ETag, or a 412)',
    params: idParamsSchema,
    body: contentPatchBodySchema,
    success: ok(contentSchema),
    errors: [400, 401, 403, 404, 412],
  },
  'contents.remove': {
    ...contents,
    summary: 'Move a content item to the trash with its files',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },
  'versions.list': {
    ...contents,
    summary: 'The versions of a content item, newest first (anyone who may read it)',
    params: idParamsSchema,
    query: versionListQuerySchema,
    success: ok(paginatedSchema(versionSummarySchema)),
    errors: [400, 401, 404],
  },
  'versions.create': {
    ...contents,
    summary: 'Keep the current text as a version now (a named save; `label` is optional)',
    params: idParamsSchema,
    body: versionCreateBodySchema,
    success: created(versionSchema),
    errors: [400, 401, 403, 404],
  },
  'versions.get': {
    ...contents,
    summary: 'One version of a content item, with its text',
    params: versionParamsSchema,
    success: ok(versionSchema),
    errors: [401, 404],
  },
  'versions.restore': {
    ...contents,
    summary: 'Put a version’s text back (the text it replaces is kept as a version first)',
    params: versionParamsSchema,
    success: ok(contentSchema),
    errors: [401, 403, 404],
  },
  'contents.publish': {
    ...contents,
    summary:
      'Update the public page: the current text becomes the published version (owner or editor of a public item)',
    params: idParamsSchema,
    success: ok(contentSchema),
    errors: [400, 401, 403, 404],
  },
  'links.list': {
    ...contents,
    summary: 'The `[[…]]` links of a content item and where each leads for the caller',
    params: linkParamsSchema,
    success: ok(itemLinksSchema),
    errors: [401, 404],
  },
  'links.backlinks': {
    ...contents,
    summary: 'The items the caller may read that link to a content item, newest first',
    params: linkParamsSchema,
    query: backlinkListQuerySchema,
    success: ok(paginatedSchema(backlinkSchema)),
    errors: [400, 401, 404],
  },

  'dashboard.summary': {
    ...library('dashboard'),
    summary:
      "The dashboard in one answer: the caller's counts, items per status, words this week, next publications and recent changes",
    query: dashboardQuerySchema,
    success: ok(dashboardSummarySchema),
    errors: [400, 401],
  },
  'comments.threads': {
    ...comments,
    summary:
      'The comment threads of a content item, oldest first, each with its comments and whether its passage is still there',
    params: idParamsSchema,
    query: threadListQuerySchema,
    success: ok(paginatedSchema(threadSchema)),
    errors: [400, 401, 404],
  },
  'comments.start': {
    ...comments,
    summary: 'Start a thread on a passage (`anchor`) or on the whole item, with its first comment',
    params: idParamsSchema,
    body: threadCreateBodySchema,
    success: created(threadSchema),
    errors: [400, 401, 404],
  },
  'comments.reply': {
    ...comments,
    summary: 'Reply in a thread',
    params: threadParamsSchema,
    body: commentBodySchema,
    success: created(threadSchema),
    errors: [400, 401, 404],
  },
  'comments.resolve': {
    ...comments,
    summary: 'Resolve a thread (anyone who may comment)',
    params: threadParamsSchema,
    success: ok(threadSchema),
    errors: [401, 404],
  },
  'comments.reopen': {
    ...comments,
    summary: 'Reopen a resolved thread (anyone who may comment)',
    params: threadParamsSchema,
    success: ok(threadSchema),
    errors: [401, 404],
  },
  'comments.update': {
    ...comments,
    summary: 'Change the body of one of your comments',
    params: commentParamsSchema,
    body: commentBodySchema,
    success: ok(threadSchema),
    errors: [400, 401, 403, 404],
  },
  'comments.remove': {
    ...comments,
    summary:
      'Delete one of your comments (a thread’s first comment with replies keeps its place, emptied)',
    params: commentParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },
  'comments.people': {
    ...comments,
    summary: 'The people who may read a content item (who can be mentioned), by name',
    params: idParamsSchema,
    query: peopleQuerySchema,
    success: ok(paginatedSchema(personSchema)),
    errors: [400, 401, 404],
  },

  'tags.list': {
    ...tags,
    summary: "List the caller's tags, newest first (`name` filters by substring, ignoring case)",
    query: tagListQuerySchema,
    success: ok(paginatedSchema(tagSchema)),
    errors: [400, 401, 403],
  },
  'tags.create': {
    ...tags,
    summary: 'Create a tag (names are unique per user, ignoring case)',
    body: tagCreateBodySchema,
    success: created(tagSchema),
    errors: [400, 401, 403],
  },
  'tags.get': {
    ...tags,
    summary: 'Read one tag',
    params: idParamsSchema,
    success: ok(tagSchema),
    errors: [401, 404],
  },
  'tags.update': {
    ...tags,
    summary: 'Rename a tag',
    params: idParamsSchema,
    body: tagPatchBodySchema,
    success: ok(tagSchema),
    errors: [400, 401, 403, 404],
  },
  'tags.remove': {
    ...tags,
    summary: 'Delete a tag, detaching it from every collection and content item',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 404],
  },
  'tags.merge': {
    ...tags,
    summary: 'Merge a tag into another: every link moves to `into`, then the tag is deleted',
    params: idParamsSchema,
    body: tagMergeBodySchema,
    success: ok(tagSchema),
    errors: [400, 401, 403, 404],
  },

  'search.query': {
    group: 'search',
    signedIn: true,
    summary:
      'Search what the caller can read (content, notes, collections, files, tags), best match first',
    query: searchQuerySchema,
    success: ok(paginatedSchema(searchResultSchema)),
    errors: [400, 401, 403, 404],
  },

  'files.list': {
    ...files,
    summary: "List the caller's files, newest first (`content` filters by content item id)",
    query: fileListQuerySchema,
    success: ok(paginatedSchema(fileSchema)),
    errors: [400, 401, 403, 404],
  },
  'files.upload': {
    ...files,
    summary:
      'Upload a file (multipart/form-data: field `file`, optional field `content` = content item id to attach it to)',
    consumes: ['multipart/form-data'],
    success: created(fileSchema),
    errors: [400, 401, 403, 413, 415],
  },
  'files.get': {
    ...files,
    summary: "Read one file's description",
    params: idParamsSchema,
    success: ok(fileSchema),
    errors: [401, 404],
  },
  'files.update': {
    ...files,
    summary: 'Rename a file, or attach it to a content item (`content`: id) or detach it (null)',
    params: idParamsSchema,
    body: filePatchBodySchema,
    success: ok(fileSchema),
    errors: [400, 401, 403, 404],
  },
  'files.remove': {
    ...files,
    summary: 'Delete a file and its bytes',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },
  'files.download': {
    ...files,
    summary:
      'Download the bytes (Content-Disposition: attachment, the stored Content-Type, nosniff, Content-Security-Policy: sandbox)',
    params: idParamsSchema,
    produces: ['application/octet-stream'],
    // Streams are sent as they are, never serialized; the schema only documents the answer.
    success: ok(z.unknown().describe('The file’s bytes, exactly as uploaded')),
    errors: [401, 404],
  },
  'files.previewLink': {
    ...files,
    summary:
      'A link to GET …/preview/ that needs no Authorization header (a 60-second ticket for that one address), for a PDF shown in a frame',
    params: idParamsSchema,
    success: ok(filePreviewLinkSchema),
    errors: [401, 404],
  },
  'files.preview': {
    ...files,
    summary:
      'The bytes for a preview frame: a PDF (application/pdf) inline, anything else exactly as the download (attachment, sandbox); signed in by the Authorization header or by `ticket`',
    params: idParamsSchema,
    query: filePreviewQuerySchema,
    ticket: true,
    produces: ['application/pdf', 'application/octet-stream'],
    // Streams are sent as they are, never serialized; the schema only documents the answer.
    success: ok(z.unknown().describe('The file’s bytes, exactly as uploaded')),
    errors: [401, 404],
  },
  'files.usage': {
    ...files,
    summary: 'Bytes of files the caller keeps (`used`) and the most they may keep (`quota`)',
    success: ok(storageUsageSchema),
    errors: [401],
  },

  'notes.list': {
    ...notes,
    summary: "List the caller's notes, newest first (`collection` limits them to one collection)",
    query: noteListQuerySchema,
    success: ok(paginatedSchema(noteSchema)),
    errors: [400, 401, 404],
  },
  'notes.create': {
    ...notes,
    summary:
      'Add a note to one of the caller’s collections (`collection` in the body or the query)',
    query: noteListQuerySchema.pick({ collection: true }),
    body: noteCreateBodySchema,
    success: created(noteSchema),
    errors: [400, 401, 403],
  },
  'notes.get': {
    ...notes,
    summary: 'Read one note',
    params: idParamsSchema,
    success: ok(noteSchema),
    errors: [401, 404],
  },
  'notes.update': {
    ...notes,
    summary: 'Change a note’s title, content or tags',
    params: idParamsSchema,
    body: notePatchBodySchema,
    success: ok(noteSchema),
    errors: [400, 401, 403, 404],
  },
  'notes.remove': {
    ...notes,
    summary: 'Move a note to the trash',
    params: idParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },

  'export.download': {
    ...yourData,
    summary:
      'Everything the caller owns as one zip (Markdown with front matter, files, manifest.json), streamed; signed in by the Authorization header or by `ticket`',
    query: exportDownloadQuerySchema,
    ticket: true,
    produces: ['application/zip'],
    // Streamed as it is, never serialized; the schema only documents the answer.
    success: ok(z.unknown().describe('A zip archive (docs/api.md, "Export")')),
    errors: [401],
  },
  'export.link': {
    ...yourData,
    summary:
      'A link to GET /api/export/ that needs no Authorization header (a 60-second ticket), for the browser’s own download',
    success: ok(exportLinkSchema),
    errors: [401],
  },

  'public.get': {
    ...publicPages,
    summary: 'A published collection and its public items, as JSON',
    params: publicParamsSchema,
    success: ok(publicCollectionSchema),
  },
  'public.page': {
    ...publicPages,
    summary: 'The public page of a published collection (HTML)',
    params: publicParamsSchema,
    produces: ['text/html'],
    success: ok(html),
  },
  'public.feed': {
    ...publicPages,
    summary: 'RSS 2.0 of its public items, newest first',
    params: publicParamsSchema,
    produces: ['application/rss+xml'],
    success: ok(z.string().describe('An RSS 2.0 document')),
  },
  'public.item': {
    ...publicPages,
    summary: 'One public item of a published collection (HTML)',
    params: publicItemParamsSchema,
    produces: ['text/html'],
    success: ok(html),
  },
  'public.file': {
    ...publicPages,
    summary: 'A file of a public item, as an attachment',
    params: publicFileParamsSchema,
    produces: ['application/octet-stream'],
    // Streamed as it is, never serialized; the schema only documents the answer.
    success: ok(z.unknown().describe('The file’s bytes, exactly as uploaded')),
  },

  'followers.follow': {
    group: 'followers',
    signedIn: false,
    summary:
      'Follow a published collection by email (its public page’s form): answers a page; one confirmation mail to a new address',
    params: publicParamsSchema,
    body: followBodySchema,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/html'],
    success: ok(html),
    errors: [400, 404, 413, 415, 429],
  },
  'followers.confirmPage': {
    group: 'followers',
    signedIn: false,
    summary: "A confirmation mail's link: a page asking to confirm (HTML; changes nothing)",
    query: followerTokenQuerySchema,
    produces: ['text/html'],
    success: ok(html),
    errors: [400],
  },
  'followers.confirm': {
    group: 'followers',
    signedIn: false,
    summary: 'Confirm following (the confirmation page’s button)',
    query: followerTokenQuerySchema,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/html'],
    success: ok(html),
    errors: [400, 415],
  },
  'followers.unsubscribePage': {
    group: 'followers',
    signedIn: false,
    summary: "A follower mail's unsubscribe link: a page asking to confirm (HTML)",
    query: followerTokenQuerySchema,
    produces: ['text/html'],
    success: ok(html),
    errors: [400],
  },
  'followers.unsubscribe': {
    group: 'followers',
    signedIn: false,
    summary:
      'Stop following (RFC 8058 one-click: any body, form or none); the address is forgotten',
    query: followerTokenQuerySchema,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/html'],
    success: ok(html),
    errors: [400, 415],
  },
  'followers.count': {
    ...collections,
    summary: "How many follow a collection by email (the owner's; never the addresses)",
    params: idParamsSchema,
    success: ok(followerCountSchema),
    errors: [400, 401, 403, 404],
  },
  'followers.export': {
    ...collections,
    summary: "The confirmed followers' addresses as CSV (the owner's)",
    params: idParamsSchema,
    produces: ['text/csv'],
    // Sent as it is, never serialized; the schema only documents the answer.
    success: ok(z.string().describe('CSV: email,following_since')),
    errors: [400, 401, 403, 404],
  },

  'import.start': {
    ...yourData,
    summary:
      'Import a zip (multipart field `file`): this product’s export, an Obsidian vault or a Notion export; runs as a job',
    consumes: ['multipart/form-data'],
    success: accepted(importJobSchema),
    errors: [400, 401, 413, 415, 429],
  },
  'import.get': {
    ...yourData,
    summary: 'The progress and outcome of one of the caller’s imports',
    params: idParamsSchema,
    success: ok(importJobSchema),
    errors: [401, 404],
  },

  'trash.list': {
    ...trash,
    summary: "The caller's trash, newest first (each with the day it will be purged)",
    query: trashListQuerySchema,
    success: ok(paginatedSchema(trashItemSchema)),
    errors: [400, 401],
  },
  'trash.empty': {
    ...trash,
    summary: "Delete everything in the caller's trash for good",
    success: deleted,
    errors: [401],
  },
  'trash.restore': {
    ...trash,
    summary: 'Bring an object back from the trash (a collection with its notes and links)',
    params: trashParamsSchema,
    success: ok(restoredSchema),
    errors: [401, 403, 404],
  },
  'trash.remove': {
    ...trash,
    summary: 'Delete an object in the trash for good, with its stored files',
    params: trashParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },

  'templates.list': {
    ...templates,
    summary: 'The built-in templates, then the caller’s own, newest first',
    success: ok(z.array(templateSchema)),
    errors: [401],
  },
  'templates.create': {
    ...templates,
    summary: 'Save a template of the caller’s (“Save as template”)',
    body: templateCreateBodySchema,
    success: created(templateSchema),
    errors: [400, 401, 413],
  },
  'templates.remove': {
    ...templates,
    summary: 'Delete a template of the caller’s (a built-in one is a 403)',
    params: templateParamsSchema,
    success: deleted,
    errors: [401, 403, 404],
  },
  'templates.use': {
    ...templates,
    summary: 'A new content item from a template, in a collection the caller may write in',
    params: templateParamsSchema,
    body: templateUseBodySchema,
    success: created(contentSchema),
    errors: [400, 401, 403, 404],
  },
} as const satisfies Record<RouteName, EndpointSchemas>;

export type Endpoints = typeof endpoints;

type SchemaAt<N extends RouteName, K extends string> =
  Endpoints[N] extends Record<K, infer S extends z.ZodType> ? S : undefined;

/** The answer of a route on success, as the client receives it. */
export type ResponseOf<N extends RouteName> = z.output<Endpoints[N]['success']['schema']>;
/** The body a client sends (defaults still optional). */
export type BodyOf<N extends RouteName> =
  SchemaAt<N, 'body'> extends z.ZodType ? z.input<SchemaAt<N, 'body'>> : never;
/** The query a client sends. */
export type QueryOf<N extends RouteName> =
  SchemaAt<N, 'query'> extends z.ZodType ? Partial<z.output<SchemaAt<N, 'query'>>> : never;
