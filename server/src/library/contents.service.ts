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
import { countWords } from '@cw/contract';
import { requireAllLinkable, uniqueIds } from './linked-ids';
import { pageWindow, type Page } from '../http/pagination';
import { groupBy, presentContent, refsByOwnerRow } from './presenters';
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
    const { rows, count } = await this.store.repos.contents.list(
      caller,
      {
        tag: query.tag,
        collection: query.collection,
        statuses: query.status,
        isPublic: query.is_public,
        publishOnAfter: query.publish_on_after,
        publishOnBefore: query.publish_on_before,
      },
      query.ordering,
      limit,
      offset,
    );
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
    const collectionIds = uniqueIds(body.collections);
    const fileIds = uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
      requireAllLinkable(
        'collections',
        collectionIds,
        await repos.collections.linkableIds(caller, collectionIds),
      );
      requireAllLinkable('files', fileIds, await repos.files.linkableIds(caller, fileIds));
      const row = await repos.contents.insert(caller, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
        wordCount: countWords(body.content),
        status: body.status,
        publishOn: body.publish_on,
        isPublic: body.is_public,
        position: body.position ?? (await repos.contents.endOfColumn(caller, body.status)),
      });
      await repos.contents.replaceTags(row.id, tagIds);
      await repos.contents.replaceCollections(row.id, collectionIds);
      if (fileIds.length > 0) await repos.files.replaceAttachments(caller, row.id, fileIds);
      return this.presentOne(repos, caller, row);
    });
  }

  async update(caller: Caller, id: number, body: ContentPatchInput): Promise<ContentItem> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    const collectionIds = body.collections === undefined ? undefined : uniqueIds(body.collections);
    const fileIds = body.files === undefined ? undefined : uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      // A move to another column without a position goes to that column's end.
      const position =
        body.position ??
        (body.status === undefined
          ? undefined
          : await repos.contents.endOfColumn(caller, body.status));
      const row = await repos.contents.update(caller, id, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
        wordCount: body.content === undefined ? undefined : countWords(body.content),
        status: body.status,
        publishOn: body.publish_on,
        isPublic: body.is_public,
        position,
      });
      if (!row) throw notFound();
      if (tagIds) {
        requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
        await repos.contents.replaceTags(row.id, tagIds);
      }
      if (collectionIds) {
        requireAllLinkable(
          'collections',
          collectionIds,
          await repos.collections.linkableIds(caller, collectionIds),
        );
        await repos.contents.replaceCollections(row.id, collectionIds);
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
    const [tagRows, collectionRows, fileRows] = await Promise.all([
      repos.tags.refsForContents(caller, ids),
      repos.collections.refsForContents(caller, ids),
      repos.files.listForContents(caller, ids),
    ]);
    const tagRefs = refsByOwnerRow(tagRows);
    const collectionRefs = refsByOwnerRow(collectionRows);
    const filesByContent = groupBy(fileRows, (file) => file.contentId);
    return rows.map((row) =>
      presentContent(row, {
        tags: tagRefs.get(row.id) ?? [],
        collections: collectionRefs.get(row.id) ?? [],
        files: filesByContent.get(row.id) ?? [],
      }),
    );
  }
}
