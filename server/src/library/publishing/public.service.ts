import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pathOf, type PublicCollection } from '@cw/contract';
import type { FileStorage } from '../../storage/file-storage';
import { downloadHeaders } from '../shared/download-headers';
import type { LibraryStore } from '../library-store';
import { PublicAnswerCache } from './public-cache';
import { isPublicImageType } from './public-images';
import { collectionPage, excerpt, feed, itemDate, itemPage, RENDERING } from './public-html';
import type { PublicCollectionRow, PublicFileRow, PublicItemRow } from './public.repository';

/** The public answers that are rendered, cached and validated by their version. */
export type PublicAnswerKind = 'page' | 'item' | 'feed' | 'json';

/** A public answer: its ETag, and its body unless the client already holds it (`304`). */
export interface PublicAnswer {
  etag: string;
  body: string | null;
}

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/** Whether an `If-None-Match` holds this ETag (its weak form and `*` count). */
function holds(held: string | undefined, etag: string): boolean {
  if (!held) return false;
  return held
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Anything under /p/ or /api/public/ that is not public: one answer for every case. */
export class NotPublic extends Error {
  constructor() {
    super('not public');
  }
}

/** A public id as this server makes them (22 base64url characters); anything else is unknown. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
/** An id in a public address: digits only, as the server writes them. */
const ID = /^[1-9][0-9]{0,9}$/;

const idOf = (text: string): number => {
  if (!ID.test(text)) throw new NotPublic();
  const id = Number(text);
  if (id > 2_147_483_647) throw new NotPublic();
  return id;
};

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * Published collections, for anyone with the link (docs/api.md, "Publishing"; decision 180).
 * Every read is scoped by the policy's public scopes (public.repository.ts); whatever is not
 * public throws NotPublic, which the routes answer with the same 404 whatever the reason.
 */
export class PublicService {
  private readonly cache = new PublicAnswerCache();

  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A page, an item's page, the feed or the JSON answer (decision 181): first the version of
   * what it shows, one query that reads no text (public.repository.ts, `version`); its ETag
   * names that version, so a client that holds it gets `304` before anything is read or
   * rendered, and this process renders each version once (`PublicAnswerCache`).
   */
  async answer(
    kind: PublicAnswerKind,
    publicId: string,
    contentIdText: string | undefined,
    held: string | undefined,
  ): Promise<PublicAnswer> {
    if (!PUBLIC_ID.test(publicId)) throw new NotPublic();
    const contentId = contentIdText === undefined ? undefined : idOf(contentIdText);
    const current = await this.store.repos.public.version(publicId, contentId);
    if (!current?.item) throw new NotPublic();
    const etag = `"${createHash('sha256')
      .update(
        [RENDERING, this.publicUrl, kind, publicId, contentId ?? '', current.version].join('\n'),
      )
      .digest('base64url')
      .slice(0, 27)}"`;
    if (holds(held, etag)) return { etag, body: null };
    const cached = this.cache.get(etag);
    if (cached !== undefined) return { etag, body: cached };
    const body = await this.render(kind, publicId, contentId);
    this.cache.set(etag, body);
    return { etag, body };
  }

  private render(kind: PublicAnswerKind, publicId: string, contentId?: number): Promise<string> {
    switch (kind) {
      case 'page':
        return this.page(publicId);
      case 'feed':
        return this.feed(publicId);
      case 'json':
        // `<`, `>` and `&` as JSON escapes: the same data, and no markup in the bytes even for
        // a client that sniffs (docs/api.md, "Publishing").
        return this.get(publicId).then((answer) =>
          JSON.stringify(answer).replace(/[<>&]/g, (c) => JSON_ESCAPES[c] ?? c),
        );
      case 'item':
        if (contentId === undefined) throw new NotPublic();
        return this.item(publicId, contentId);
    }
  }

  private async collection(publicId: string): Promise<PublicCollectionRow> {
    if (!PUBLIC_ID.test(publicId)) throw new NotPublic();
    const row = await this.store.repos.public.collection(publicId);
    if (!row) throw new NotPublic();
    return row;
  }

  private urls(publicId: string) {
    const page = pathOf('public.page', { public_id: publicId });
    return {
      page,
      feed: pathOf('public.feed', { public_id: publicId }),
      item: (id: number) => pathOf('public.item', { public_id: publicId, content_id: id }),
      file: (id: number) => pathOf('public.file', { public_id: publicId, file_id: id }),
      absolute: (path: string) => `${this.publicUrl}${path}`,
    };
  }

  private async itemsAndFiles(collectionId: number) {
    const items = await this.store.repos.public.wholeItems(collectionId);
    const files = await this.store.repos.public.filesOf(items.map((item) => item.id));
    return { items, files };
  }

  /** GET /api/public/{public_id}/ */
  private async get(publicId: string): Promise<PublicCollection> {
    const row = await this.collection(publicId);
    const [tags, { items, files }] = await Promise.all([
      this.store.repos.public.tagNames(row.id),
      this.itemsAndFiles(row.id),
    ]);
    const urls = this.urls(publicId);
    return {
      name: row.name,
      description: row.description,
      tags,
      owner_name: fullName(row.ownerFirstName, row.ownerLastName),
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        content: item.content,
        publish_on: item.publishOn,
        created_on: item.createdOn.toISOString(),
        updated_on: item.updatedOn ? item.updatedOn.toISOString() : null,
        files: files
          .filter((file) => file.contentId === item.id)
          .map((file) => ({
            id: file.id,
            name: file.name,
            size: file.size,
            content_type: file.contentType,
            width: file.width,
            height: file.height,
            url: urls.file(file.id),
          })),
      })),
    };
  }

  /** GET /p/{public_id}: the collection's page. */
  private async page(publicId: string): Promise<string> {
    const row = await this.collection(publicId);
    const [tags, items] = await Promise.all([
      this.store.repos.public.tagNames(row.id),
      this.store.repos.public.itemStarts(row.id),
    ]);
    const urls = this.urls(publicId);
    return collectionPage(
      {
        name: row.name,
        description: row.description,
        ownerName: fullName(row.ownerFirstName, row.ownerLastName),
        tags,
        items: items.map((item) => ({
          href: urls.item(item.id),
          title: item.title,
          date: itemDate(item),
          excerpt: excerpt(item.content),
        })),
      },
      { page: urls.absolute(urls.page), feed: urls.absolute(urls.feed) },
    );
  }

  /** GET /p/{public_id}/{content_id}: one public item, whole. */
  private async item(publicId: string, contentId: number): Promise<string> {
    const row = await this.collection(publicId);
    const item: PublicItemRow | undefined = await this.store.repos.public.item(row.id, contentId);
    if (!item) throw new NotPublic();
    const files = await this.store.repos.public.filesOf([item.id]);
    const urls = this.urls(publicId);
    const targets = new Map(
      (await this.store.repos.public.linkTargets(row.id, item.id)).map((target) => [
        target.text,
        { href: urls.item(target.id), title: target.title },
      ]),
    );
    return itemPage(
      {
        collectionName: row.name,
        collectionHref: urls.page,
        ownerName: fullName(row.ownerFirstName, row.ownerLastName),
        title: item.title,
        date: itemDate(item),
        content: item.content,
        files: files.map((file) => ({
          href: urls.file(file.id),
          name: file.name,
          size: file.size,
        })),
        links: (text) => targets.get(text) ?? null,
        images: new Map(
          files
            .filter((file) => isPublicImageType(file.contentType))
            .map((file) => [
              file.id,
              { src: urls.file(file.id), width: file.width, height: file.height },
            ]),
        ),
      },
      { page: urls.absolute(urls.item(item.id)), feed: urls.absolute(urls.feed) },
    );
  }

  /** GET /p/{public_id}/feed.xml */
  private async feed(publicId: string): Promise<string> {
    const row = await this.collection(publicId);
    const items = await this.store.repos.public.itemStarts(row.id);
    const urls = this.urls(publicId);
    return feed({
      name: row.name,
      description: row.description,
      ownerName: fullName(row.ownerFirstName, row.ownerLastName),
      pageUrl: urls.absolute(urls.page),
      feedUrl: urls.absolute(urls.feed),
      items: items.map((item) => ({
        url: urls.absolute(urls.item(item.id)),
        title: item.title,
        date: itemDate(item),
        excerpt: excerpt(item.content),
      })),
    });
  }

  /**
   * GET /p/{public_id}/files/{file_id}: a file of a public item, as an attachment like the
   * signed-in downloads (docs/api.md, "File").
   */
  async file(
    publicId: string,
    fileIdText: string,
  ): Promise<{ stream: Readable; headers: Record<string, string> }> {
    const fileId = idOf(fileIdText);
    const row = await this.collection(publicId);
    const file: PublicFileRow | undefined = await this.store.repos.public.file(row.id, fileId);
    if (!file) throw new NotPublic();
    let stream: Readable;
    try {
      stream = await this.storage.open(file.storageKey);
    } catch (error) {
      this.log.error({ err: error, fileId: file.id }, 'stored bytes of a public file are missing');
      throw new NotPublic();
    }
    return {
      stream,
      headers: downloadHeaders(file, 'public, max-age=60'),
    };
  }
}
