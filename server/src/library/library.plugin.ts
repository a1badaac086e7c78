import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DownloadTickets } from '../auth/download-tickets';
import type { LimitRule } from '../auth/rate-limit';
import type { Database } from '../db/client';
import type { AuthGuard } from '../http/auth-guard';
import { registerRoutes } from '../http/route-table';
import { DiskFileStorage } from '../storage/disk-file-storage';
import type { FileStorage } from '../storage/file-storage';
import type { FileRemovals } from '../storage/file-removals';
import { PURGE_INTERVAL_MS, purgeExpiredTrash } from './trash/trash-purge';
import { trashRoutes } from './trash/trash.routes';
import { TrashService } from './trash/trash.service';
import { collectionsRoutes } from './collections/collections.routes';
import { CollectionsService } from './collections/collections.service';
import { contentsRoutes } from './content/contents.routes';
import { ContentsService } from './content/contents.service';
import { filesRoutes } from './files/files.routes';
import { FilesService } from './files/files.service';
import type { LibraryStore } from './library-store';
import { membersRoutes } from './sharing/members.routes';
import { INVITATION_PURPOSE, MembersService } from './sharing/members.service';
import type { Mailer } from '../mail/mailer';
import type { MailQueue } from '../mail/mail-queue';
import { notesRoutes } from './content/notes.routes';
import { NotesService } from './content/notes.service';
import { searchRoutes } from './search/search.routes';
import { SearchService } from './search/search.service';
import { tagsRoutes } from './tags/tags.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { DashboardService } from './dashboard/dashboard.service';
import { VersionsService } from './content/versions.service';
import { scheduleLinksBackfill } from './links/links-backfill';
import { linksRoutes } from './links/links.routes';
import { LinksService } from './links/links.service';
import { commentsRoutes } from './comments/comments.routes';
import { CommentsService } from './comments/comments.service';
import { recordComment } from './comment-events';
import { ExportService } from './import-export/export.service';
import { exportRoutes } from './import-export/export.routes';
import { TagsService } from './tags/tags.service';
import { templatesRoutes } from './templates/templates.routes';
import { TemplatesService } from './templates/templates.service';
import { publicRoutes, sendPublicNotFound } from './publishing/public.routes';
import { followerOwnerRoutes, followerVisitorRoutes } from './followers/followers.routes';
import {
  FOLLOW_CONFIRM_PURPOSE,
  FOLLOWER_ITEM_PURPOSE,
  FollowersService,
  type FollowLimits,
} from './followers/followers.service';
import { FOLLOWERS_JOB } from './followers/followers.repository';

export { DEFAULT_FOLLOW_LIMITS, type FollowLimits } from './followers/followers.service';
import { importRoutes } from './import-export/import.routes';
import type { ImportWorkerLimits } from './import-export/import-reader';
import { ImportService, removeStaleImportDirs } from './import-export/import.service';
import type { JobQueue } from '../jobs/job-queue';
import { PublicService } from './publishing/public.service';
import type { CollabNotices } from '../collab/collab-bus';
import type { DocumentsService } from '../collab/documents.service';
import { UnsubscribeTokens } from './notifications/notification-mail';
import { NOTIFICATIONS_PURPOSE } from './notifications/notifications.repository';
import { notificationsRoutes, unsubscribeRoutes } from './notifications/notifications.routes';
import { NotificationsService } from './notifications/notifications.service';

export interface LibraryDeps {
  db: Database;
  /** The guard of signed-in routes (every library route is one). */
  guard: AuthGuard;
  /** Where uploaded bytes go (the disk under DATA_DIR/files unless configured). */
  storage: FileStorage;
  /** Removes the stored bytes of rows deleted for good (the trash, its purge). */
  removals: FileRemovals;
  uploadMaxBytes: number;
  /** Most bytes of files one user may keep (STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number;
  /** Invitation mails: the mailer, the queue they wait in, and the site's address for links. */
  mailer: Mailer;
  mailQueue: MailQueue;
  publicUrl: string;
  /** Invitation mails one person may send (decision 193; `AuthLimits`). */
  invitationMailsPerInviter: LimitRule;
  now: () => Date;
  /** Signs the export's download links and the file preview links (docs/auth.md, "Download tickets"). */
  downloadTickets: DownloadTickets;
  /** Background jobs in the database: imports and the trash's purge (decision 133). */
  jobs: JobQueue;
  /** Largest import zip (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
  /** The import's worker thread limits (decision 185). */
  importWorker: ImportWorkerLimits;
  /** The library's store, shared with live editing. */
  store: LibraryStore;
  /** Items' shared documents, and what open editors must hear (docs/api.md, "Writing together"). */
  documents: DocumentsService;
  notices: CollabNotices;
  /** The server secret: signs notification mails' unsubscribe links (decision 226). */
  secret: string;
  /** The follow form's rate limits and the batches of follower mails (decision 247). */
  followLimits?: FollowLimits;
}

export const defaultFileStorage = (dataDir: string): FileStorage =>
  new DiskFileStorage(path.join(dataDir, 'files'));

/**
 * Everything under /api/collections/…: collections and their members, content items, tags,
 * files and notes; and /api/invitations/….
 */
export const libraryPlugin: FastifyPluginAsyncZod<LibraryDeps> = async (app, deps) => {
  const { store, storage, removals } = deps;
  const live = { documents: deps.documents, notices: deps.notices };

  await app.register(multipart, {
    limits: {
      fileSize: deps.uploadMaxBytes,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  const collections = new CollectionsService(store, deps.notices, deps.now);
  registerRoutes(app, deps.guard, collectionsRoutes(collections));
  const members = new MembersService({
    store,
    collections,
    mailer: deps.mailer,
    mailQueue: deps.mailQueue,
    publicUrl: deps.publicUrl,
    invitationMailsPerInviter: deps.invitationMailsPerInviter,
    now: deps.now,
    notices: deps.notices,
  });
  deps.mailQueue.handle(INVITATION_PURPOSE, (mail) => members.deliver(mail));
  registerRoutes(app, deps.guard, membersRoutes(members));
  const notifications = new NotificationsService({
    store,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    tokens: new UnsubscribeTokens(deps.secret),
    now: deps.now,
  });
  deps.mailQueue.handle(NOTIFICATIONS_PURPOSE, (mail) => notifications.deliver(mail));
  registerRoutes(app, deps.guard, notificationsRoutes(notifications));
  await app.register(async (scope) => {
    // RFC 8058's one-click POST is a form body (`List-Unsubscribe=One-Click`): read, unused.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    registerRoutes(scope, deps.guard, unsubscribeRoutes(notifications));
  });
  const followers = new FollowersService({
    store,
    mailer: deps.mailer,
    mailQueue: deps.mailQueue,
    publicUrl: deps.publicUrl,
    secret: deps.secret,
    now: deps.now,
    ...(deps.followLimits ? { limits: deps.followLimits } : {}),
  });
  deps.mailQueue.handle(FOLLOW_CONFIRM_PURPOSE, (mail) => followers.deliverConfirmation(mail));
  deps.mailQueue.handle(FOLLOWER_ITEM_PURPOSE, (mail) => followers.deliverItem(mail));
  deps.jobs.handle(
    FOLLOWERS_JOB,
    async (job) => {
      const id = job.payload.announcement;
      if (typeof id === 'number') await followers.queueBatch(id);
    },
    { keepEnded: false },
  );
  registerRoutes(app, deps.guard, followerOwnerRoutes(followers));
  await app.register(async (scope) => {
    // The public page's follow form, and a follower mail's confirm and one-click unsubscribe
    // (RFC 8058): form bodies, read as fields (only the form's `email` is used).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    registerRoutes(scope, deps.guard, followerVisitorRoutes(followers, sendPublicNotFound));
  });
  const contents = new ContentsService(store, deps.storageQuotaBytes, deps.now, live);
  registerRoutes(
    app,
    deps.guard,
    exportRoutes(new ExportService(store, storage, deps.downloadTickets, app.log, deps.now)),
  );
  registerRoutes(
    app,
    deps.guard,
    contentsRoutes(contents, new VersionsService(store, deps.now, deps.documents)),
  );
  registerRoutes(app, deps.guard, linksRoutes(new LinksService(store)));
  registerRoutes(
    app,
    deps.guard,
    templatesRoutes(new TemplatesService(store, (caller, body) => contents.create(caller, body))),
  );
  registerRoutes(
    app,
    deps.guard,
    commentsRoutes(new CommentsService(store, deps.now, recordComment(deps.now))),
  );
  registerRoutes(app, deps.guard, tagsRoutes(new TagsService(store)));
  registerRoutes(app, deps.guard, dashboardRoutes(new DashboardService(store, deps.now)));
  const files = new FilesService(store, storage, removals, {
    uploadMaxBytes: deps.uploadMaxBytes,
    storageQuotaBytes: deps.storageQuotaBytes,
    log: app.log,
    tickets: deps.downloadTickets,
  });
  registerRoutes(app, deps.guard, filesRoutes(files));
  const notes = new NotesService(store);
  registerRoutes(app, deps.guard, notesRoutes(notes));
  registerRoutes(app, deps.guard, searchRoutes(new SearchService(store)));
  registerRoutes(
    app,
    deps.guard,
    trashRoutes(new TrashService(store, removals, { collections, contents, notes })),
  );
  registerRoutes(
    app,
    deps.guard,
    publicRoutes(new PublicService(store, storage, deps.publicUrl, app.log)),
  );
  registerRoutes(
    app,
    deps.guard,
    importRoutes(
      new ImportService(
        store,
        storage,
        removals,
        deps.jobs,
        {
          importMaxBytes: deps.importMaxBytes,
          storageQuotaBytes: deps.storageQuotaBytes,
          worker: deps.importWorker,
        },
        app.log,
        async (caller, id, values) => {
          await contents.update(caller, id, {
            title: values.title,
            content: values.content,
            publish_on: values.publishOn,
          });
        },
      ),
      deps.importMaxBytes,
    ),
  );
  // Temporary archive copies of imports cut off by a crash (docs/operations.md).
  app.addHook('onReady', async () => {
    removeStaleImportDirs(app.log);
  });
  schedulePurge(app, { db: deps.db, removals, now: deps.now, jobs: deps.jobs });
  scheduleLinksBackfill(app, { store, jobs: deps.jobs });
};

/**
 * The trash's purge (and the sweep of stored files left by a crash) as a job (decision 133):
 * every instance queues one per PURGE_INTERVAL_MS slot, at start-up and then every interval; the
 * slot's run key makes it one job, run by whichever instance claims it first.
 */
function schedulePurge(
  app: FastifyInstance,
  deps: { db: Database; removals: FileRemovals; now: () => Date; jobs: JobQueue },
): void {
  deps.jobs.handle(PURGE_JOB, async () => {
    const purged = await purgeExpiredTrash(deps);
    if (purged.collections + purged.contents + purged.notes + purged.files > 0) {
      app.log.info(purged, 'trash purged');
    }
    // Finished purges are kept a day (to see they ran), then forgotten.
    await deps.jobs.forget(PURGE_JOB, 24 * 60 * 60);
  });
  let timer: NodeJS.Timeout | undefined;
  const queue = () => {
    const slot = Math.floor(deps.now().getTime() / PURGE_INTERVAL_MS);
    deps.jobs
      .enqueue({ kind: PURGE_JOB, runKey: `${PURGE_JOB}:${slot}` })
      .catch((err: unknown) => app.log.error({ err }, 'trash purge could not be queued'));
  };
  app.addHook('onReady', async () => {
    queue();
    timer = setInterval(queue, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

const PURGE_JOB = 'purge';
