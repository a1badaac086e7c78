import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  ContentItem,
  contentCreateBodySchema,
  contentListQuerySchema,
  contentPatchBodySchema,
} from '@cw/contract';
import { notFound } from '../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { ContentRow } from './contents.repository';
import type { LibraryRepositories, LibraryStore } from './library-store';
import { authorize } from '../policy/library.policy';
import type { Caller } from '../policy/caller';
import { requireAllLinkable, uniqueIds } from './linked-ids';
import { pageWindow, type Page } from '../http/pagination';
import { groupBy, presentContent, tagRefsByOwnerRow } from './presenters';
import { removeStoredBytes } from './stored-bytes';

type ContentListQuery = z.output<typeof contentListQuerySchema>;
type ContentCreateInput = z.output<typeof contentCreateBodySchema>;
type ContentPatchInput = z.output<typeof contentPatchBodySchema>;

export class ContentsService {
  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(caller: Caller, query: ContentListQuery): Promise<Page<ContentItem>> {
    authorize(caller, { act: 'act-as', user: query.user });
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.contents.list(caller, query.tag, limit, offset);
    const results = await this.present(this.store.repos, caller, rows);
    return { results, count };
  }

  async get(caller: Caller, id: number): Promise<ContentItem> {
    const row = await this.store.repos.contents.find(caller, id);
    if (!row) throw notFound();
    return this.presentOne(this.store.repos, caller, row);
  }

  async create(caller: Caller, body: ContentCreateInput): Promise<ContentItem> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = uniqueIds(body.tags);
    const fileIds = uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
      requireAllLinkable('files', fileIds, await repos.files.linkableIds(caller, fileIds));
      const row = await repos.contents.insert(caller, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
      });
      await repos.contents.replaceTags(row.id, tagIds);
      if (fileIds.length > 0) await repos.files.replaceAttachments(caller, row.id, fileIds);
      return this.presentOne(repos, caller, row);
    });
  }

  async update(caller: Caller, id: number, body: ContentPatchInput): Promise<ContentItem> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    const fileIds = body.files === undefined ? undefined : uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      const row = await repos.contents.update(caller, id, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
      });
      if (!row) throw notFound();
      if (tagIds) {
        requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
        await repos.contents.replaceTags(row.id, tagIds);
      }
      if (fileIds) {
        requireAllLinkable('files', fileIds, await repos.files.linkableIds(caller, fileIds));
        await repos.files.replaceAttachments(caller, row.id, fileIds);
      }
      return this.presentOne(repos, caller, row);
    });
  }

  /** The item's file rows go with it in the database; their bytes go once that has committed. */
  async remove(caller: Caller, id: number): Promise<void> {
    const storageKeys = await this.store.transaction(async (repos) => {
      const keys = await repos.files.storageKeysOfContent(caller, id);
      if (!(await repos.contents.delete(caller, id))) throw notFound();
      return keys;
    });
    await removeStoredBytes(this.storage, storageKeys, this.log);
  }

  private async presentOne(repos: LibraryRepositories, caller: Caller, row: ContentRow) {
    const [item] = await this.present(repos, caller, [row]);
    if (!item) throw new Error('presenting one content item gave none');
    return item;
  }

  /** A page's tag names and files come from one query each for the whole page. */
  private async present(repos: LibraryRepositories, caller: Caller, rows: ContentRow[]) {
    const ids = rows.map((row) => row.id);
    const [tagRows, fileRows] = await Promise.all([
      repos.tags.refsForContents(caller, ids),
      repos.files.listForContents(caller, ids),
    ]);
    const refs = tagRefsByOwnerRow(tagRows);
    const filesByContent = groupBy(fileRows, (file) => file.contentId);
    return rows.map((row) =>
      presentContent(row, refs.get(row.id) ?? [], filesByContent.get(row.id) ?? []),
    );
  }
}
