import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../storage/file-storage';
import { downloadHeaders } from '../shared/download-headers';
import type { LibraryStore } from '../library-store';
import { PublicAnswerCache } from './public-cache';
import { PublicRenderer } from './public-renderer';
import { RENDERING } from './public-rendering';
import type { PublicCollectionRow, PublicFileRow } from './public.repository';

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

/**
 * Published collections, for anyone with the link (docs/api.md, "Publishing"; decision 180).
 * Every read is scoped by the policy's public scopes (public.repository.ts); whatever is not
 * public throws NotPublic, which the routes answer with the same 404 whatever the reason.
 */
export class PublicService {
  private readonly cache = new PublicAnswerCache();
  private readonly renderer: PublicRenderer;

  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.renderer = new PublicRenderer(store.repos.public, publicUrl);
  }

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

  private async render(
    kind: PublicAnswerKind,
    publicId: string,
    contentId?: number,
  ): Promise<string> {
    const row = await this.collection(publicId);
    switch (kind) {
      case 'page':
        return this.renderer.page(publicId, row);
      case 'feed':
        return this.renderer.feed(publicId, row);
      case 'json':
        // `<`, `>` and `&` as JSON escapes: the same data, and no markup in the bytes even for
        // a client that sniffs (docs/api.md, "Publishing").
        return JSON.stringify(await this.renderer.json(publicId, row)).replace(
          /[<>&]/g,
          (c) => JSON_ESCAPES[c] ?? c,
        );
      case 'item': {
        if (contentId === undefined) throw new NotPublic();
        const page = await this.renderer.item(publicId, row, contentId);
        if (page === undefined) throw new NotPublic();
        return page;
      }
    }
  }

  private async collection(publicId: string): Promise<PublicCollectionRow> {
    if (!PUBLIC_ID.test(publicId)) throw new NotPublic();
    const row = await this.store.repos.public.collection(publicId);
    if (!row) throw new NotPublic();
    return row;
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
