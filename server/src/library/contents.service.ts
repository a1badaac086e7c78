import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  ContentItem,
  Paginated,
  contentCreateBodySchema,
  contentListQuerySchema,
  contentPatchBodySchema,
} from '@cw/contract';
import { notFound } from '../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { ContentRow } from './contents.repository';
import type { LibraryRepositories, LibraryStore } from './library-store';
import { requireAllOwned, requireCallerAsUser, uniqueIds } from './library-policy';
import { paginate, pageWindow } from './pagination';
import { groupBy, presentContent, tagRefsByOwnerRow } from './presenters';
import { removeStoredBytes } from './stored-bytes';

type ContentListQuery = z.output<typeof contentListQuerySchema>;
type ContentCreateInput = z.output<typeof contentCreateBodySchema>;
type ContentPatchInput = z.output<typeof contentPatchBodySchema>;

export const CONTENTS_PATH = '/api/collections/contents-list/';

export class ContentsService {
  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(
    callerId: number,
    query: ContentListQuery,
    url: string,
  ): Promise<Paginated<ContentItem>> {
    requireCallerAsUser(callerId, query.user);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.contents.listForOwner(
      callerId,
      query.tag,
      limit,
      offset,
    );
    const results = await this.present(this.store.repos, callerId, rows);
    return paginate(results, count, query, CONTENTS_PATH, url);
  }

  async get(callerId: number, id: number): Promise<ContentItem> {
    const row = await this.store.repos.contents.findForOwner(callerId, id);
    if (!row) throw notFound();
    return this.presentOne(this.store.repos, callerId, row);
  }

  async create(callerId: number, body: ContentCreateInput): Promise<ContentItem> {
    requireCallerAsUser(callerId, body.user);
    const tagIds = uniqueIds(body.tags);
    const fileIds = uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      requireAllOwned('tags', tagIds, await repos.tags.ownedIds(callerId, tagIds));
      requireAllOwned('files', fileIds, await repos.files.ownedIds(callerId, fileIds));
      const row = await repos.contents.insert(callerId, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
      });
      await repos.contents.replaceTags(row.id, tagIds);
      if (fileIds.length > 0) await repos.files.replaceAttachments(callerId, row.id, fileIds);
      return this.presentOne(repos, callerId, row);
    });
  }

  async update(callerId: number, id: number, body: ContentPatchInput): Promise<ContentItem> {
    requireCallerAsUser(callerId, body.user);
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    const fileIds = body.files === undefined ? undefined : uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      const row = await repos.contents.update(callerId, id, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
      });
      if (!row) throw notFound();
      if (tagIds) {
        requireAllOwned('tags', tagIds, await repos.tags.ownedIds(callerId, tagIds));
        await repos.contents.replaceTags(row.id, tagIds);
      }
      if (fileIds) {
        requireAllOwned('files', fileIds, await repos.files.ownedIds(callerId, fileIds));
        await repos.files.replaceAttachments(callerId, row.id, fileIds);
      }
      return this.presentOne(repos, callerId, row);
    });
  }

  /** The item's file rows go with it in the database; their bytes go once that has committed. */
  async remove(callerId: number, id: number): Promise<void> {
    const storageKeys = await this.store.transaction(async (repos) => {
      const keys = await repos.files.storageKeysOfContent(callerId, id);
      if (!(await repos.contents.deleteForOwner(callerId, id))) throw notFound();
      return keys;
    });
    await removeStoredBytes(this.storage, storageKeys, this.log);
  }

  private async presentOne(repos: LibraryRepositories, callerId: number, row: ContentRow) {
    const [item] = await this.present(repos, callerId, [row]);
    if (!item) throw new Error('presenting one content item gave none');
    return item;
  }

  /** A page's tag names and files come from one query each for the whole page. */
  private async present(repos: LibraryRepositories, callerId: number, rows: ContentRow[]) {
    const ids = rows.map((row) => row.id);
    const [tagRows, fileRows] = await Promise.all([
      repos.tags.refsForContents(callerId, ids),
      repos.files.listForContents(callerId, ids),
    ]);
    const refs = tagRefsByOwnerRow(tagRows);
    const filesByContent = groupBy(fileRows, (file) => file.contentId);
    return rows.map((row) =>
      presentContent(row, refs.get(row.id) ?? [], filesByContent.get(row.id) ?? []),
    );
  }
}
