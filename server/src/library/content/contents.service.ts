import type { z } from 'zod';
import type {
  ContentItem,
  contentCreateBodySchema,
  contentListQuerySchema,
  contentPatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../../http/errors';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import { authorize, can, onlyTheOwner, requireRole } from '../../policy/library.policy';
import { recordItemChange } from './content-events';
import type { Caller } from '../../policy/caller';
import { CONTENT_CURSOR_PARTS, countWords, encodeListCursor } from '@cw/contract';
import { requireAllLinkable, uniqueIds } from '../shared/linked-ids';
import { cursorKey, pageWindow, type Page } from '../../http/pagination';
import { presentContents, presentOneContent } from './contents.presenter';
import { requireAttachable } from './attachable-files';
import type { CollabNotices } from '../../collab/collab-bus';
import type { DocumentsService } from '../../collab/documents.service';
import { etagOf, preconditionFailed, sameEtag } from './etag';
import { settlePublicFields } from './public-fields';

type ContentListQuery = z.output<typeof contentListQuerySchema>;
type ContentCreateInput = z.output<typeof contentCreateBodySchema>;
type ContentPatchInput = z.output<typeof contentPatchBodySchema>;

const ONE_OWNER = 'An item’s collections must all belong to one person.';

export class ContentsService {
  constructor(
    private readonly store: LibraryStore,
    /** Most bytes of files one user may keep (STORAGE_QUOTA_BYTES). */
    private readonly storageQuotaBytes: number,
    /** The clock versions are dated by (tests move it). */
    private readonly now: () => Date,
    /** Items' shared documents, and what open editors must hear (docs/api.md, "Writing together"). */
    private readonly live: { documents: DocumentsService; notices: CollabNotices },
  ) {}

  /** With `collection`, its items (a 404 when the caller may not read it); else their own. */
  async list(caller: Caller, query: ContentListQuery): Promise<Page<ContentItem>> {
    authorize(caller, { act: 'act-as', user: query.user });
    if (
      query.collection !== undefined &&
      !(await this.store.repos.collections.find(caller, query.collection))
    ) {
      throw notFound('Collection not found.');
    }
    const { limit, offset } = pageWindow(query);
    const { rows, count, lastKey } = await this.store.repos.contents.list(
      caller,
      {
        scope: query.scope,
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
      cursorKey(query.after, query.ordering, CONTENT_CURSOR_PARTS[query.ordering]),
    );
    const results = await presentContents(this.store.repos, caller, rows);
    return {
      results,
      count,
      ...(lastKey ? { after: encodeListCursor(query.ordering, lastKey) } : {}),
    };
  }

  async get(caller: Caller, id: number): Promise<ContentItem> {
    const row = await this.store.repos.contents.find(caller, id);
    if (!row) throw notFound();
    return presentOneContent(this.store.repos, caller, row);
  }

  /**
   * A new item belongs to the owner of the collections it is written in (an editor writes in
   * someone else's collection; docs/api.md, "Sharing"), or to the caller when it is in none.
   */
  async create(caller: Caller, body: ContentCreateInput): Promise<ContentItem> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = uniqueIds(body.tags);
    const collectionIds = uniqueIds(body.collections);
    const fileIds = uniqueIds(body.files);
    return this.store.transaction(async (repos) => {
      const ownerId = await this.ownerOfNewItem(repos, caller, collectionIds);
      if (ownerId !== caller.userId && tagIds.length > 0)
        throw onlyTheOwner('the tags and collections of an item');
      // What shows on the owner's published pages is the owner's choice (decision 180), also
      // for an item an editor writes in their collection.
      if (ownerId !== caller.userId && body.is_public) {
        throw onlyTheOwner('whether an item shows on public pages');
      }
      requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
      const given = await requireAttachable(
        repos,
        caller,
        fileIds,
        ownerId,
        this.storageQuotaBytes,
      );
      const inserted = await repos.contents.insert(caller, ownerId, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
        wordCount: countWords(body.content),
        status: body.status,
        publishOn: body.publish_on,
        isPublic: body.is_public,
        summary: body.summary,
        position: body.position ?? (await repos.contents.endOfColumn(ownerId, body.status)),
      });
      const settled = { now: this.now() };
      const row = await settlePublicFields(repos, this.live.documents, caller, inserted, settled);
      if (body.position !== undefined) {
        await repos.contents.makeRoom(caller, ownerId, row.status, row.position, row.id);
      }
      await repos.contents.replaceTags(row.id, tagIds);
      await repos.contents.replaceCollections(row.id, collectionIds);
      const added = { actorId: caller.userId, contentId: row.id, contentTitle: row.title };
      await repos.activity.recordForItem({ ...added, kind: 'created', at: this.now() });
      if (fileIds.length > 0) await repos.files.replaceAttachments(caller, row.id, fileIds);
      await repos.files.giveTo(given, ownerId);
      // Its `[[…]]` links, and links elsewhere that were waiting for its title (decision 211).
      await repos.links.derive(caller, row.id, row.content);
      await repos.links.resolveMissing(caller, row);
      // Created on its public page: its collections' followers hear of it (decision 247).
      if (row.publishedVersionId !== null) await repos.followers.announce(row.id, this.now());
      return presentOneContent(repos, caller, row);
    });
  }

  /**
   * The collections of a new item: all must be ones the caller may write in (a viewer's is a
   * 403; one they cannot see, a 400 like any unknown id) and all of one owner, who owns the item.
   * The memberships that allow it are held until the item is written.
   */
  private async ownerOfNewItem(
    repos: LibraryRepositories,
    caller: Caller,
    collectionIds: number[],
  ): Promise<number> {
    const owners = new Set<number>();
    const unknown: number[] = [];
    for (const id of collectionIds) {
      const access = await repos.access.onCollection(caller, id, true);
      if (!access) {
        unknown.push(id);
        continue;
      }
      requireRole(access.role, 'write');
      owners.add(access.ownerId);
    }
    requireAllLinkable('collections', collectionIds, { has: (id) => !unknown.includes(id) });
    if (owners.size > 1) {
      throw validationFailed({ collections: [ONE_OWNER] });
    }
    return [...owners][0] ?? caller.userId;
  }

  /**
   * The owner changes everything; an editor of one of its collections changes all but its tags
   * and collections (those are the owner's: a 403); a viewer nothing. The memberships that allow
   * the write are held until it commits, so a removal waits for it or refuses it.
   */
  async update(
    caller: Caller,
    id: number,
    body: ContentPatchInput,
    ifMatch?: string,
  ): Promise<ContentItem> {
    authorize(caller, { act: 'act-as', user: body.user });
    const tagIds = body.tags === undefined ? undefined : uniqueIds(body.tags);
    const collectionIds = body.collections === undefined ? undefined : uniqueIds(body.collections);
    const fileIds = body.files === undefined ? undefined : uniqueIds(body.files);
    let textChanged = false;
    // The item's text as its live document has it, committed first: an If-Match is compared with
    // it, and after a 412 the caller loads the text that made it (docs/api.md, "Writing together").
    if (ifMatch !== undefined || body.content !== undefined) await this.live.documents.settle(id);
    const item = await this.store.transaction(async (repos) => {
      const access = await repos.access.onContent(caller, id, true);
      requireRole(access?.role, 'write');
      if ((tagIds || collectionIds) && !can(access.role, 'manage')) {
        throw onlyTheOwner('the tags and collections of an item');
      }
      // What shows on a published page is the owner's choice, as publishing is (decision 180).
      if (body.is_public !== undefined && !can(access.role, 'manage')) {
        throw onlyTheOwner('whether an item shows on public pages');
      }
      // Again under this transaction's lock: what was typed since is compared and kept too.
      const doc =
        ifMatch !== undefined || body.content !== undefined
          ? await this.live.documents.settleIn(repos, id)
          : undefined;
      if (ifMatch !== undefined) {
        const current = await repos.contents.find(caller, id);
        if (!current) throw notFound();
        const presented = await presentOneContent(repos, caller, current);
        if (!sameEtag(ifMatch, etagOf(presented))) throw preconditionFailed(presented);
      }
      // A move to another column without a position goes to that column's end.
      const position =
        body.position ??
        (body.status === undefined
          ? undefined
          : await repos.contents.endOfColumn(access.ownerId, body.status));
      // The text about to be replaced becomes a version, unless a newer one is under 5 minutes
      // old (docs/api.md, "Versions"); a save without If-Match replaces text it may never have
      // seen, so that text is always kept (docs/api.md, "Writing together").
      await repos.versions.keepBeforeSave(
        id,
        { title: body.title, content: body.content },
        this.now(),
        { fold: ifMatch !== undefined || body.content === undefined },
      );
      const fromStatus =
        body.status === undefined ? undefined : (await repos.contents.find(caller, id))?.status;
      const row = await repos.contents.update(caller, id, {
        title: body.title,
        content: body.content,
        metaData: body.meta_data,
        wordCount: body.content === undefined ? undefined : countWords(body.content),
        status: body.status,
        publishOn: body.publish_on,
        isPublic: body.is_public,
        summary: body.summary,
        // A new cover is checked, then set, at the end (settlePublicFields).
        coverFileId: body.cover === null ? null : undefined,
        position,
        chapterStarts: body.chapter_starts,
      });
      if (!row) throw notFound();
      const edited = body.title !== undefined || body.content !== undefined;
      await recordItemChange(repos, caller, { fromStatus, row, edited, at: this.now() });
      // Its `[[…]]` links; a new title fills links that were waiting for it (decision 211).
      if (body.content !== undefined) await repos.links.derive(caller, id, body.content);
      if (body.title !== undefined) await repos.links.resolveMissing(caller, row);
      // The same text as an edit of the live document, the item's row now held.
      if (body.content !== undefined) {
        textChanged = await this.live.documents.writeIn(
          repos,
          id,
          doc,
          body.content,
          caller.userId,
        );
      }
      // A given position is a place on the board: the item that held it, and those after, move down.
      if (body.position !== undefined) {
        await repos.contents.makeRoom(caller, access.ownerId, row.status, row.position, row.id);
      }
      if (tagIds) {
        requireAllLinkable('tags', tagIds, await repos.tags.linkableIds(caller, tagIds));
        await repos.contents.replaceTags(row.id, tagIds);
      }
      let addedCollections: number[] = [];
      if (collectionIds) {
        // The owner's own collections only (docs/api.md, "Content item": `collections`).
        requireAllLinkable(
          'collections',
          collectionIds,
          await repos.collections.ownersOf(caller, collectionIds, 'own'),
        );
        const before = new Set(await repos.followers.collectionsOf(row.id));
        addedCollections = collectionIds.filter((collectionId) => !before.has(collectionId));
        await repos.contents.replaceCollections(row.id, collectionIds);
      }
      if (fileIds) {
        const given = await requireAttachable(
          repos,
          caller,
          fileIds,
          access.ownerId,
          this.storageQuotaBytes,
        );
        await repos.files.replaceAttachments(caller, row.id, fileIds);
        await repos.files.giveTo(given, access.ownerId);
      }
      const settled = { cover: body.cover, now: this.now() };
      const done = await settlePublicFields(repos, this.live.documents, caller, row, settled);
      // Newly on the web: switched to its public page now, or put in more collections while
      // public. Followers hear of it once per collection, ever (decision 247).
      if (done.publishedVersionId !== null) {
        if (row.publishedVersionId === null) await repos.followers.announce(id, this.now());
        else await repos.followers.announce(id, this.now(), addedCollections);
      }
      return presentOneContent(repos, caller, done);
    });
    if (textChanged) this.live.notices.textChanged(id);
    // Leaving a shared collection may end a co-creator's access to the item.
    if (collectionIds) this.live.notices.accessChanged({ contents: [id] });
    return item;
  }

  /**
   * Puts version `versionId`'s text back (whoever may change the item). The text it replaces is
   * kept as a version first, whatever the age of the newest one, so a restore can be undone.
   */
  async restoreVersion(caller: Caller, id: number, versionId: number): Promise<ContentItem> {
    let textChanged = false;
    const item = await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onContent(caller, id, true))?.role, 'write');
      const version = await repos.versions.find(id, versionId);
      if (!version) throw notFound('Version not found.');
      // A restore is an edit of the live document: open editors see it (docs/api.md, "Versions").
      const doc = await this.live.documents.settleIn(repos, id);
      await repos.versions.keepNow(id, null, caller.userId, this.now());
      const row = await repos.contents.update(caller, id, {
        title: version.title,
        content: version.content,
        wordCount: version.wordCount,
      });
      if (!row) throw notFound();
      await repos.links.derive(caller, id, version.content);
      await repos.links.resolveMissing(caller, row);
      textChanged = await this.live.documents.writeIn(
        repos,
        id,
        doc,
        version.content,
        caller.userId,
      );
      return presentOneContent(repos, caller, row);
    });
    if (textChanged) this.live.notices.textChanged(id);
    return item;
  }

  /**
   * The owner or an editor may delete an item: it goes to the owner's trash with its links and
   * files (docs/api.md, "Trash"); deleting it for good is the trash's (trash.service.ts).
   */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onContent(caller, id, true))?.role, 'write');
      if (!(await repos.contents.trash(caller, id))) throw notFound();
    });
    // A trashed item's open editors are closed (docs/api.md, "Writing together").
    this.live.notices.accessChanged({ contents: [id] });
  }
}
