import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { AccessRepository } from './shared/access.repository';
import { CollectionsRepository } from './collections/collections.repository';
import { ContentsRepository } from './content/contents.repository';
import { FilesRepository } from './files/files.repository';
import { MembersRepository } from './sharing/members.repository';
import { NotesRepository } from './content/notes.repository';
import { QueuedMails } from '../mail/mail-queue';
import { SearchRepository } from './search/search.repository';
import { TagsRepository } from './tags/tags.repository';
import { VersionsRepository } from './content/versions.repository';
import { ExportRepository } from './import-export/export.repository';
import { PublicRepository } from './publishing/public.repository';
import { ImportRepository } from './import-export/import.repository';
import { TrashRepository } from './trash/trash.repository';
import { QueuedFileRemovals } from '../storage/file-removals';
import { RateLimiter } from '../auth/rate-limit';
import { DocumentsRepository } from '../collab/documents.repository';
import { LinksRepository } from './links/links.repository';
import { DashboardRepository } from './dashboard/dashboard.repository';
import { TemplatesRepository } from './templates/templates.repository';
import { NotificationsRepository } from './notifications/notifications.repository';
import { ActivityRepository } from './notifications/activity.repository';
import { CommentsRepository } from './comments/comments.repository';
import { FollowersRepository } from './followers/followers.repository';

export interface LibraryRepositories {
  collections: CollectionsRepository;
  contents: ContentsRepository;
  tags: TagsRepository;
  files: FilesRepository;
  notes: NotesRepository;
  members: MembersRepository;
  search: SearchRepository;
  versions: VersionsRepository;
  /** Keyset pages of everything the caller owns (GET /api/export/). */
  exports: ExportRepository;
  /** The caller's role on one object (for the policy's 403 or 404). */
  access: AccessRepository;
  /** Invitation mails are queued in the transaction that makes the invitation. */
  queuedMails: QueuedMails;
  trash: TrashRepository;
  /** Reads of published collections, for anyone with the link (no caller). */
  public: PublicRepository;
  /** An import's writes, and the record of what it made. */
  imports: ImportRepository;
  /** Stored bytes of rows deleted for good, queued in the transaction that deletes them. */
  fileRemovals: QueuedFileRemovals;
  /** Rate-limit counters (the invitation mails' cool-down), counted in the same transaction. */
  rateLimits: RateLimiter;
  /** Items' shared documents: states and updates (docs/api.md, "Writing together"). */
  documents: DocumentsRepository;
  /** Links between items, derived on every write of an item's text (decision 211). */
  links: LinksRepository;
  /** The dashboard's figures, the caller's own rows (docs/api.md, "Dashboard"). */
  dashboard: DashboardRepository;
  /** A person's own templates (docs/api.md, "Templates"). */
  templates: TemplatesRepository;
  /**
   * Notifications: a producer calls `notify` in the transaction of the change it tells of
   * (docs/api.md, "Notifications"; decision 225).
   */
  notifications: NotificationsRepository;
  /** A collection's activity: `record` / `recordForItem` in the change's transaction. */
  activity: ActivityRepository;
  /** Comment threads on content items, their comments and mentions. */
  comments: CommentsRepository;
  /**
   * Followers by email of published collections; `announce` in the transaction that puts an
   * item on the web (decision 247).
   */
  followers: FollowersRepository;
}

const repositoriesOn = (db: Executor, now: () => Date): LibraryRepositories => ({
  collections: new CollectionsRepository(db),
  contents: new ContentsRepository(db),
  tags: new TagsRepository(db),
  files: new FilesRepository(db),
  notes: new NotesRepository(db),
  members: new MembersRepository(db),
  search: new SearchRepository(db),
  versions: new VersionsRepository(db),
  exports: new ExportRepository(db),
  access: new AccessRepository(db),
  queuedMails: new QueuedMails(db),
  trash: new TrashRepository(db),
  public: new PublicRepository(db),
  imports: new ImportRepository(db),
  fileRemovals: new QueuedFileRemovals(db),
  rateLimits: new RateLimiter(db, now),
  documents: new DocumentsRepository(db),
  links: new LinksRepository(db),
  dashboard: new DashboardRepository(db),
  templates: new TemplatesRepository(db),
  notifications: new NotificationsRepository(db),
  activity: new ActivityRepository(db),
  comments: new CommentsRepository(db),
  followers: new FollowersRepository(db),
});

/**
 * The library's unit of work: plain reads use `repos`; a write that spans several tables runs
 * in `transaction`, where every repository shares one transaction, so a failure changes nothing.
 */
export class LibraryStore {
  readonly repos: LibraryRepositories;

  constructor(
    private readonly db: Database,
    /** The app's clock (rate-limit windows; tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repos = repositoriesOn(db, now);
  }

  transaction<T>(work: (repos: LibraryRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(repositoriesOn(tx, this.now)));
  }
}
