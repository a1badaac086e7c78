import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { COLLECTION_CURSOR_PARTS, encodeListCursor } from '@cw/contract';
import type {
  Collection,
  collectionCreateBodySchema,
  collectionListQuerySchema,
  collectionPatchBodySchema,
} from '@cw/contract';
import { notFound } from '../../http/errors';
import type { CollectionRow } from './collections.repository';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import { authorize, requireRole } from '../../policy/library.policy';
import type { CollabNotices } from '../../collab/collab-bus';
import type { Caller } from '../../policy/caller';
import { requireAllLinkable, uniqueIds } from '../shared/linked-ids';
import { cursorKey, pageWindow, type Page } from '../../http/pagination';
import { groupBy, refsByOwnerRow } from '../shared/presenters';
import { presentCollection } from './collections.presenter';

type CollectionListQuery = z.output<typeof collectionListQuerySchema>;
type CollectionCreateInput = z.output<typeof collectionCreateBodySchema>;
type CollectionPatchInput = z.output<typeof collectionPatchBodySchema>;

export class CollectionsService {
  constructor(
    private readonly store: LibraryStore,
    /** Open editors of a trashed collection's items close at once. */
    private readonly notices?: CollabNotices,
    /** The app's clock (activity entries; tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(caller: Caller, query: CollectionListQuery): Promise<Page<Collection>> {
    authorize(caller, { act: 'act-as', user: query.user });
    const { limit, offset } = pageWindow(query);
    const { rows, count, lastKey } = await this.store.repos.collections.list(
      caller,
      query.scope,
      query.ordering,
      limit,
      offset,
      cursorKey(query.after, query.ordering, COLLECTION_CURSOR_PARTS[query.ordering]),
    );
    return {
      results: await this.present(this.store.repos, caller, rows),
      count,
      // The next page's cursor (decision 264).
      ...(lastKey ? { after: encodeListCursor(query.ordering, lastKey) } : {}),
    };
  }

  async get(caller: Caller, id: number): Promise<Collection> {
    const row = await this.store.repos.collections.find(caller, id);
    if (!row) throw notFound();
    return this.presentOne(this.store.repos, caller, row);
  }

  async create(caller: Caller, body: CollectionCreateInput): Promise<Collection> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = uniqueIds(body.tags);
    return this.store.transaction(async (repos) => {
      requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
      const row = await repos.collections.insert(caller, {
        name: body.name,
        description: body.description,
        isActive: body.is_active,
        isPublic: body.is_public,
        metaData: body.meta_data,
      });
      await repos.collections.replaceTags(row.id, tagIds);
      await repos.members.insertOwner(row.id, row.userId);
      await this.record(repos, caller, row.id, 'created');
      return this.presentOne(repos, caller, row);
    });
  }

  async update(caller: Caller, id: number, body: CollectionPatchInput): Promise<Collection> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    return this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, id))?.role, 'manage');
      const row = await repos.collections.update(caller, id, {
        name: body.name,
        description: body.description,
        isActive: body.is_active,
        isPublic: body.is_public,
        metaData: body.meta_data,
        feedFullText: body.feed_full_text,
      });
      if (!row) throw notFound();
      if (tagIds) {
        requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
        await repos.collections.replaceTags(row.id, tagIds);
      }
      return this.presentOne(repos, caller, row);
    });
  }

  /** Publish to the web (docs/api.md, "Publishing"): the owner only. */
  async publish(caller: Caller, id: number): Promise<Collection> {
    return this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, id))?.role, 'manage');
      // 128 random bits, URL-safe (22 characters); kept if it is already published.
      const row = await repos.collections.publish(
        caller,
        id,
        randomBytes(16).toString('base64url'),
      );
      if (!row) throw notFound();
      await this.record(repos, caller, id, 'published');
      return this.presentOne(repos, caller, row);
    });
  }

  /** Stop publishing: the link answers 404 at once; publishing later makes a new one. */
  async unpublish(caller: Caller, id: number): Promise<void> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, id))?.role, 'manage');
      if (!(await repos.collections.unpublish(caller, id))) throw notFound();
      await this.record(repos, caller, id, 'unpublished');
    });
  }

  /** An entry of the collection's activity, in the change's transaction. */
  private record(
    repos: LibraryRepositories,
    caller: Caller,
    collectionId: number,
    kind: 'created' | 'published' | 'unpublished',
  ): Promise<void> {
    return repos.activity.record({ collectionId, kind, actorId: caller.userId, at: this.now() });
  }

  /**
   * To the trash, with its notes (docs/api.md, "Trash"): every member loses access at once, and
   * gets it back if the owner restores it.
   */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, id))?.role, 'manage');
      if (!(await repos.collections.trash(caller, id))) throw notFound();
    });
    // Members' open editors of its items close (docs/api.md, "Writing together").
    this.notices?.accessChanged({ all: true });
  }

  /** A collection as its new member sees it, once they have accepted an invitation. */
  async presentFor(repos: LibraryRepositories, caller: Caller, id: number): Promise<Collection> {
    const row = await repos.collections.find(caller, id);
    if (!row) throw notFound();
    return this.presentOne(repos, caller, row);
  }

  private async presentOne(repos: LibraryRepositories, caller: Caller, row: CollectionRow) {
    const [collection] = await this.present(repos, caller, [row]);
    // Access ended while the request ran: the collection is not there for the caller.
    if (!collection) throw notFound();
    return collection;
  }

  /**
   * A page's tag names, content counts, the caller's roles, owners' names and members come
   * from one query each for the whole page.
   */
  private async present(repos: LibraryRepositories, caller: Caller, rows: CollectionRow[]) {
    const ids = rows.map((row) => row.id);
    const [tagRows, counts, roles, owners, previews] = await Promise.all([
      repos.tags.refsForCollections(ids),
      repos.collections.contentCounts(ids),
      repos.access.onCollections(caller, rows),
      repos.members.people(rows.map((row) => row.userId)),
      repos.members.previews(ids),
    ]);
    const refs = refsByOwnerRow(tagRows);
    const members = groupBy(previews, (preview) => preview.collectionId);
    // The role comes from the policy's rows alone (the owner, or the caller's membership). A
    // collection whose membership ended between the page's query and this one has no role any
    // more: it is left out, as the next read would leave it out, never shown with a guessed role.
    return rows.flatMap((row) => {
      const role = roles.get(row.id);
      if (!role) return [];
      return [
        presentCollection(row, {
          tagRefs: refs.get(row.id) ?? [],
          contentCount: counts.get(row.id) ?? 0,
          role,
          ownerName: owners.get(row.userId)?.name ?? '',
          members: members.get(row.id) ?? [],
        }),
      ];
    });
  }
}
