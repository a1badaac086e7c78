import type { z } from 'zod';
import type {
  ContentItem,
  Version,
  VersionSummary,
  versionCreateBodySchema,
  versionListQuerySchema,
} from '@cw/contract';
import { badRequest, notFound } from '../../http/errors';
import { pageWindow, type Page } from '../../http/pagination';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { LibraryStore } from '../library-store';
import { presentOneContent, presentVersion, presentVersionSummary } from './contents.presenter';
import type { DocumentsService } from '../../collab/documents.service';

type VersionListQuery = z.output<typeof versionListQuerySchema>;
type VersionCreateInput = z.output<typeof versionCreateBodySchema>;

/**
 * The History of a content item (docs/api.md, "Versions"): whoever may read the item reads its
 * versions; whoever may change it saves a named version (restoring is a change of the item, in
 * ContentsService.restoreVersion).
 */
export class VersionsService {
  constructor(
    private readonly store: LibraryStore,
    private readonly now: () => Date,
    private readonly documents: DocumentsService,
  ) {}

  async list(
    caller: Caller,
    contentId: number,
    query: VersionListQuery,
  ): Promise<Page<VersionSummary>> {
    await this.requireReadable(caller, contentId);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.versions.list(contentId, limit, offset);
    return { results: rows.map(presentVersionSummary), count };
  }

  async get(caller: Caller, contentId: number, versionId: number): Promise<Version> {
    await this.requireReadable(caller, contentId);
    const row = await this.store.repos.versions.find(contentId, versionId);
    if (!row) throw notFound('Version not found.');
    return presentVersion(row);
  }

  /** A named save: the current text, kept now whatever the age of the newest version. */
  async create(caller: Caller, contentId: number, body: VersionCreateInput): Promise<Version> {
    return this.store.transaction(async (repos) => {
      requireRole((await repos.access.onContent(caller, contentId, true))?.role, 'write');
      // The snapshot is of the live document, with what was typed in the last moment.
      await this.documents.settleIn(repos, contentId);
      const label = body.label ? body.label : null;
      const row = await repos.versions.keepNow(contentId, label, caller.userId, this.now());
      if (!row) throw notFound();
      return presentVersion(row);
    });
  }

  /**
   * "Update public page" (decision 229): the current text, settled from the live document,
   * becomes the version the item's public pages show. Whoever may change the item, once it is
   * public; before, `400`.
   */
  async publish(caller: Caller, contentId: number): Promise<ContentItem> {
    return this.store.transaction(async (repos) => {
      requireRole((await repos.access.onContent(caller, contentId, true))?.role, 'write');
      const before = await repos.contents.find(caller, contentId);
      if (!before) throw notFound();
      if (!before.isPublic) {
        throw badRequest('This item is not on a public page. Switch on Show on public page first.');
      }
      await this.documents.settleIn(repos, contentId);
      await repos.versions.publish(contentId, caller.userId, this.now());
      const row = await repos.contents.find(caller, contentId);
      if (!row) throw notFound();
      return presentOneContent(repos, caller, row);
    });
  }

  private async requireReadable(caller: Caller, contentId: number): Promise<void> {
    requireRole((await this.store.repos.access.onContent(caller, contentId))?.role, 'read');
  }
}
