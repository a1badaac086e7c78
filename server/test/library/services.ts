import path from 'node:path';
import pino from 'pino';
import { DEFAULT_AUTH_LIMITS } from '../../src/auth/rate-limit';
import type { CollabNotices } from '../../src/collab/collab-bus';
import { DocumentsService } from '../../src/collab/documents.service';
import { AppError } from '../../src/http/errors';
import { CollectionsService } from '../../src/library/collections/collections.service';
import { ContentsService } from '../../src/library/content/contents.service';
import { NotesService } from '../../src/library/content/notes.service';
import { LibraryStore } from '../../src/library/library-store';
import { MembersService } from '../../src/library/sharing/members.service';
import { TrashService } from '../../src/library/trash/trash.service';
import type { Caller as PolicyCaller } from '../../src/policy/caller';
import { DiskFileStorage } from '../../src/storage/disk-file-storage';
import { FileRemovals } from '../../src/storage/file-removals';
import type { TestContext } from '../helpers';

/** What the services told live editing, in order (there are no sockets in a service test). */
export class RecordedNotices implements CollabNotices {
  readonly events: ({ kind: 'text'; contentId: number } | { kind: 'access'; scope: object })[] = [];
  textChanged(contentId: number): void {
    this.events.push({ kind: 'text', contentId });
  }
  accessChanged(scope: { users?: number[]; contents?: number[]; all?: boolean }): void {
    this.events.push({ kind: 'access', scope });
  }
}

/**
 * The library's services over the test app's database, files and clock, wired as
 * library.plugin.ts wires them, to be called without HTTP: the cases an HTTP test reaches only
 * slowly or not at all (two calls at once, a store that fails half-way). The app is there for
 * the setup (people, objects) through its routes.
 */
export function libraryServices(ctx: TestContext) {
  const store = new LibraryStore(ctx.database.db, ctx.clock.now);
  const notices = new RecordedNotices();
  const storage = new DiskFileStorage(path.join(ctx.config.dataDir, 'files'));
  const removals = new FileRemovals(ctx.database.db, storage, pino({ level: 'silent' }));
  const documents = new DocumentsService(store, ctx.clock.now);
  const collections = new CollectionsService(store, notices, ctx.clock.now);
  const contents = new ContentsService(store, ctx.config.storageQuotaBytes, ctx.clock.now, {
    documents,
    notices,
  });
  const notes = new NotesService(store);
  const trash = new TrashService(store, removals, { collections, contents, notes });
  // The app's mail queue and outbox: invitations these services queue are the app's to send.
  const members = new MembersService({
    store,
    collections,
    mailer: ctx.outbox,
    mailQueue: ctx.mailQueue,
    publicUrl: ctx.config.publicUrl,
    invitationMailsPerInviter: DEFAULT_AUTH_LIMITS.invitationMailsPerInviter,
    now: ctx.clock.now,
    notices,
  });
  return { store, notices, storage, removals, collections, contents, notes, trash, members };
}

/** A signed-in test person as the policy sees a caller. */
export const asCaller = (person: { id: number }): PolicyCaller => ({
  userId: person.id,
  sessionFamilyId: undefined,
});

/** The HTTP status a service call's outcome would answer: 200, the AppError's status, or 500. */
export const statusOf = (outcome: PromiseSettledResult<unknown>): number =>
  outcome.status === 'fulfilled'
    ? 200
    : outcome.reason instanceof AppError
      ? outcome.reason.statusCode
      : 500;
