import type { z } from 'zod';
import type {
  Collection,
  Paginated,
  collectionCreateBodySchema,
  collectionListQuerySchema,
  collectionPatchBodySchema,
} from '@cw/contract';
import { notFound } from '../http/errors';
import type { CollectionRow } from './collections.repository';
import type { LibraryRepositories, LibraryStore } from './library-store';
import { requireAllOwned, requireCallerAsUser, uniqueIds } from './library-policy';
import { paginate, pageWindow } from './pagination';
import { presentCollection, tagRefsByOwnerRow } from './presenters';

type CollectionListQuery = z.output<typeof collectionListQuerySchema>;
type CollectionCreateInput = z.output<typeof collectionCreateBodySchema>;
type CollectionPatchInput = z.output<typeof collectionPatchBodySchema>;

export const COLLECTIONS_PATH = '/api/collections/list/';

export class CollectionsService {
  constructor(private readonly store: LibraryStore) {}

  async list(
    callerId: number,
    query: CollectionListQuery,
    url: string,
  ): Promise<Paginated<Collection>> {
    requireCallerAsUser(callerId, query.user);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.collections.listForOwner(
      callerId,
      limit,
      offset,
    );
    return paginate(
      await this.present(this.store.repos, callerId, rows),
      count,
      query,
      COLLECTIONS_PATH,
      url,
    );
  }

  async get(callerId: number, id: number): Promise<Collection> {
    const row = await this.store.repos.collections.findForOwner(callerId, id);
    if (!row) throw notFound();
    return this.presentOne(this.store.repos, callerId, row);
  }

  async create(callerId: number, body: CollectionCreateInput): Promise<Collection> {
    requireCallerAsUser(callerId, body.user);
    const tagIds = uniqueIds(body.tags);
    return this.store.transaction(async (repos) => {
      requireAllOwned('tags', tagIds, await repos.tags.ownedIds(callerId, tagIds));
      const row = await repos.collections.insert(callerId, {
        name: body.name,
        description: body.description,
        isActive: body.is_active,
        isPublic: body.is_public,
        metaData: body.meta_data,
      });
      await repos.collections.replaceTags(row.id, tagIds);
      return this.presentOne(repos, callerId, row);
    });
  }

  async update(callerId: number, id: number, body: CollectionPatchInput): Promise<Collection> {
    requireCallerAsUser(callerId, body.user);
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    return this.store.transaction(async (repos) => {
      const row = await repos.collections.update(callerId, id, {
        name: body.name,
        description: body.description,
        isActive: body.is_active,
        isPublic: body.is_public,
        metaData: body.meta_data,
      });
      if (!row) throw notFound();
      if (tagIds) {
        requireAllOwned('tags', tagIds, await repos.tags.ownedIds(callerId, tagIds));
        await repos.collections.replaceTags(row.id, tagIds);
      }
      return this.presentOne(repos, callerId, row);
    });
  }

  async remove(callerId: number, id: number): Promise<void> {
    if (!(await this.store.repos.collections.deleteForOwner(callerId, id))) throw notFound();
  }

  private async presentOne(repos: LibraryRepositories, callerId: number, row: CollectionRow) {
    const [collection] = await this.present(repos, callerId, [row]);
    if (!collection) throw new Error('presenting one collection gave none');
    return collection;
  }

  /** A page's tag names come from one query for the whole page. */
  private async present(repos: LibraryRepositories, callerId: number, rows: CollectionRow[]) {
    const refs = tagRefsByOwnerRow(
      await repos.tags.refsForCollections(
        callerId,
        rows.map((row) => row.id),
      ),
    );
    return rows.map((row) => presentCollection(row, refs.get(row.id) ?? []));
  }
}
