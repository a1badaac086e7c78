import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { AuthGuard } from '../http/auth-guard';
import { registerRoutes } from '../http/route-table';
import { DiskFileStorage } from '../storage/disk-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { collectionsRoutes } from './collections.routes';
import { CollectionsService } from './collections.service';
import { contentsRoutes } from './contents.routes';
import { ContentsService } from './contents.service';
import { filesRoutes } from './files.routes';
import { FilesService } from './files.service';
import { LibraryStore } from './library-store';
import { membersRoutes } from './members.routes';
import { INVITATION_PURPOSE, MembersService } from './members.service';
import type { Mailer } from '../mail/mailer';
import type { MailQueue } from '../mail/mail-queue';
import { notesRoutes } from './notes.routes';
import { NotesService } from './notes.service';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import { tagsRoutes } from './tags.routes';
import { VersionsService } from './versions.service';
import { TagsService } from './tags.service';

export interface LibraryDeps {
  db: Database;
  /** The guard of signed-in routes (every library route is one). */
  guard: AuthGuard;
  /** Where uploaded bytes go; the disk under DATA_DIR/files unless given. */
  storage?: FileStorage;
  dataDir: string;
  uploadMaxBytes: number;
  /** Most bytes of files one user may keep (STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number;
  /** Invitation mails: the mailer, the queue they wait in, and the site's address for links. */
  mailer: Mailer;
  mailQueue: MailQueue;
  publicUrl: string;
  now: () => Date;
}

export const defaultFileStorage = (dataDir: string): FileStorage =>
  new DiskFileStorage(path.join(dataDir, 'files'));

/**
 * Everything under /api/collections/…: collections and their members, content items, tags,
 * files and notes; and /api/invitations/….
 */
export const libraryPlugin: FastifyPluginAsyncZod<LibraryDeps> = async (app, deps) => {
  const store = new LibraryStore(deps.db);
  const storage = deps.storage ?? defaultFileStorage(deps.dataDir);

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

  const collections = new CollectionsService(store);
  registerRoutes(app, deps.guard, collectionsRoutes(collections));
  const members = new MembersService({
    store,
    collections,
    mailer: deps.mailer,
    mailQueue: deps.mailQueue,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  deps.mailQueue.handle(INVITATION_PURPOSE, (mail) => members.deliver(mail));
  registerRoutes(app, deps.guard, membersRoutes(members));
  registerRoutes(
    app,
    deps.guard,
    contentsRoutes(
      new ContentsService(store, storage, app.log, deps.storageQuotaBytes, deps.now),
      new VersionsService(store, deps.now),
    ),
  );
  registerRoutes(app, deps.guard, tagsRoutes(new TagsService(store)));
  const files = new FilesService(store, storage, {
    uploadMaxBytes: deps.uploadMaxBytes,
    storageQuotaBytes: deps.storageQuotaBytes,
    log: app.log,
  });
  registerRoutes(app, deps.guard, filesRoutes(files));
  registerRoutes(app, deps.guard, notesRoutes(new NotesService(store)));
  registerRoutes(app, deps.guard, searchRoutes(new SearchService(store)));
};
