import { pipeline, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  FileObject,
  StorageUsage,
  fileListQuerySchema,
  filePatchBodySchema,
} from '@cw/contract';
import { AppError, notFound, validationFailed } from '../../http/errors';
import { FileTooLargeError, type FileStorage } from '../../storage/file-storage';
import { sanitizeFileName, storedContentType } from '../shared/file-names';
import { asClientError, clientParts, type UploadPart } from '../shared/upload-parts';
import { downloadHeaders, previewHeaders } from '../shared/download-headers';
import type { DownloadTickets } from '../../auth/download-tickets';
import { pathOf } from '@cw/contract/routes';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import { authorize, requireRole } from '../../policy/library.policy';
import type { Caller } from '../../policy/caller';
import { pageWindow, type Page } from '../../http/pagination';
import { presentFile } from '../shared/presenters';
import type { FileRemovals } from '../../storage/file-removals';
import { quotaExceeded } from '../shared/storage-quota';
import { ImageHead, imageDimensions, type ImageDimensions } from '../shared/image-dimensions';

type FileListQuery = z.output<typeof fileListQuerySchema>;
type FilePatchInput = z.output<typeof filePatchBodySchema>;

export interface Download {
  stream: Readable;
  headers: Record<string, string>;
}

const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'payload_too_large', `The file is larger than the limit of ${maxBytes} bytes.`);
const unknownContent = () =>
  validationFailed({ content: ['Invalid pk - the content item does not exist.'] });
const ONE_OWNER = 'A file’s item and collection must belong to one person.';
const unknownCollection = () =>
  validationFailed({ collection: ['Invalid pk - the collection does not exist.'] });

export interface FilesLimits {
  /** Largest single file (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Most bytes of files one user may keep (STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number;
  log: FastifyBaseLogger;
  /** Signs the preview links (docs/auth.md, "Download tickets"). */
  tickets: DownloadTickets;
}

/**
 * How long an upload's reserved key is spared by the sweep: far longer than a request may take
 * (60 s), so the sweep never removes the bytes of an upload still under way.
 */
const UPLOAD_RESERVATION_SECONDS = 60 * 60;

export class FilesService {
  private readonly uploadMaxBytes: number;
  private readonly storageQuotaBytes: number;
  private readonly log: FastifyBaseLogger;
  private readonly tickets: DownloadTickets;

  constructor(
    private readonly store: LibraryStore,
    private readonly storage: FileStorage,
    private readonly removals: FileRemovals,
    limits: FilesLimits,
  ) {
    this.uploadMaxBytes = limits.uploadMaxBytes;
    this.storageQuotaBytes = limits.storageQuotaBytes;
    this.log = limits.log;
    this.tickets = limits.tickets;
  }

  async usage(caller: Caller): Promise<StorageUsage> {
    return {
      used: await this.store.repos.files.usedBytes(caller.userId),
      quota: this.storageQuotaBytes,
    };
  }

  /**
   * With `content` or `collection`, their files (a 404 when the caller may not read the item or
   * collection); else the caller's own.
   */
  async list(caller: Caller, query: FileListQuery): Promise<Page<FileObject>> {
    authorize(caller, { act: 'act-as', user: query.user });
    const { repos } = this.store;
    if (
      query.collection !== undefined &&
      !(await repos.collections.find(caller, query.collection))
    ) {
      throw notFound('Collection not found.');
    }
    if (query.content !== undefined && !(await repos.contents.find(caller, query.content))) {
      throw notFound('Content item not found.');
    }
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.files.list(
      caller,
      { content: query.content, collection: query.collection },
      limit,
      offset,
    );
    return { results: rows.map(presentFile), count };
  }

  async get(caller: Caller, id: number): Promise<FileObject> {
    const row = await this.store.repos.files.find(caller, id);
    if (!row) throw notFound();
    return presentFile(row);
  }

  /**
   * Bytes first (complete, under a fresh random key), then the row; if anything fails after the
   * bytes were written, they are removed again, so a refused upload leaves nothing behind.
   *
   * The storage quota: the bytes are written only up to what is left of it (a larger file stops
   * there), and the transaction that inserts the row locks the owner's user row and checks the
   * quota again, so concurrent uploads of one owner never add up past it.
   */
  async upload(caller: Caller, parts: AsyncIterable<UploadPart>): Promise<FileObject> {
    let writtenKey: string | undefined;
    try {
      let stored:
        | {
            name: string;
            size: number;
            contentType: string;
            width: number | null;
            height: number | null;
          }
        | undefined;
      const fields: Partial<Record<'content' | 'collection', string>> = {};
      for await (const part of clientParts(parts)) {
        if (part.type === 'field') {
          if (part.fieldname === 'content' || part.fieldname === 'collection') {
            fields[part.fieldname] = String(part.value).trim();
          }
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw validationFailed({ file: ['Send exactly one file, in the "file" field.'] });
        }
        // The quota is the owner's of where the file goes, when the form named it before the file.
        const ownerId = await this.ownerOfTarget(
          this.store.repos,
          caller,
          parseIdField('content', fields.content),
          parseIdField('collection', fields.collection),
        );
        const room = this.storageQuotaBytes - (await this.store.repos.files.usedBytes(ownerId));
        if (room <= 0) {
          part.file.resume();
          throw quotaExceeded(this.storageQuotaBytes);
        }
        writtenKey = this.storage.newKey();
        // Named before a byte is stored: a process killed before the row commits leaves a key
        // the sweep removes, never an orphan (decision 138).
        await this.store.repos.fileRemovals.reserve(writtenKey, UPLOAD_RESERVATION_SECONDS);
        // The bytes pass through `head`, which keeps their start to measure an image (decision
        // 213); the upload's own error fails it with that same error, so it is still told apart.
        const head = new ImageHead();
        // And a storage that fails (the size limit, the disk) stops the upload's stream too
        // (`pipeline` destroys both), as it did when it read that stream itself: the form's
        // parser must not wait on it.
        // `pipeline` also ends `head` when the upload's stream closes before its end (a body
        // cut short): a bare `pipe` would leave the store waiting for bytes that never come.
        pipeline(part.file, head, () => undefined);
        const size = await this.storage
          .write(writtenKey, head, Math.min(this.uploadMaxBytes, room))
          .catch((error: unknown) => {
            throw part.file.errored === error ? asClientError(error) : error;
          });
        // The parser stops at the limit and marks the stream truncated rather than failing it.
        if (part.file.truncated) throw fileTooLarge(this.uploadMaxBytes);
        const dimensions: ImageDimensions | null = imageDimensions(head.head);
        stored = {
          name: sanitizeFileName(part.filename),
          size,
          contentType: storedContentType(part.mimetype),
          width: dimensions?.width ?? null,
          height: dimensions?.height ?? null,
        };
      }
      if (!stored || !writtenKey) throw validationFailed({ file: ['No file was submitted.'] });
      const contentId = parseIdField('content', fields.content);
      const collectionId = parseIdField('collection', fields.collection);
      const storageKey = writtenKey;
      const file = stored;
      const row = await this.store.transaction(async (repos) => {
        const ownerId = await this.ownerOfTarget(repos, caller, contentId, collectionId, true);
        await repos.files.lockOwner(ownerId);
        if ((await repos.files.usedBytes(ownerId)) + file.size > this.storageQuotaBytes) {
          throw quotaExceeded(this.storageQuotaBytes);
        }
        await repos.fileRemovals.release(storageKey);
        return repos.files.insert(ownerId, { ...file, contentId, collectionId, storageKey });
      });
      return presentFile(row);
    } catch (error) {
      // Removed now; if the store fails, the reservation stays and the sweep removes them.
      if (writtenKey) await this.removals.removeNow([writtenKey]);
      if (error instanceof FileTooLargeError) {
        // Stopped short of UPLOAD_MAX_BYTES: at what was left of the quota.
        throw error.maxBytes < this.uploadMaxBytes
          ? quotaExceeded(this.storageQuotaBytes)
          : fileTooLarge(this.uploadMaxBytes);
      }
      throw error;
    }
  }

  /**
   * Who owns a file that goes to `contentId` and/or `collectionId`: the owner of the item or
   * collection, which the caller must be able to write in (one they cannot see is a 400 like any
   * unknown id; a viewer's, a 403); the caller when it goes to neither. With `lock`, the
   * memberships that allow it are held until the transaction ends.
   */
  private async ownerOfTarget(
    repos: LibraryRepositories,
    caller: Caller,
    contentId: number | null | undefined,
    collectionId: number | null | undefined,
    lock = false,
  ): Promise<number> {
    const owners: number[] = [];
    if (typeof contentId === 'number') {
      const access = await repos.access.onContent(caller, contentId, lock);
      if (!access) throw unknownContent();
      requireRole(access.role, 'write');
      owners.push(access.ownerId);
    }
    if (typeof collectionId === 'number') {
      const access = await repos.access.onCollection(caller, collectionId, lock);
      if (!access) throw unknownCollection();
      requireRole(access.role, 'write');
      owners.push(access.ownerId);
    }
    if (owners.some((owner) => owner !== owners[0])) {
      throw validationFailed({ collection: [ONE_OWNER] });
    }
    return owners[0] ?? caller.userId;
  }

  /** The owner or an editor may rename or move a file, within the files of its owner. */
  async update(caller: Caller, id: number, body: FilePatchInput): Promise<FileObject> {
    authorize(caller, { act: 'act-as', user: body.user });
    const row = await this.store.transaction(async (repos) => {
      const access = await repos.access.onFile(caller, id, true);
      requireRole(access?.role, 'write');
      const target = await this.ownerOfTarget(repos, caller, body.content, body.collection, true);
      if (
        (typeof body.content === 'number' || typeof body.collection === 'number') &&
        target !== access.ownerId
      ) {
        throw validationFailed({
          [typeof body.content === 'number' ? 'content' : 'collection']: [ONE_OWNER],
        });
      }
      // A PATCH that changes nothing answers the file as it is (an UPDATE needs a column to set).
      const updated =
        body.content === undefined &&
        body.collection === undefined &&
        body.name === undefined &&
        body.is_public === undefined
          ? await repos.files.find(caller, id)
          : await repos.files.update(caller, id, {
              contentId: body.content,
              collectionId: body.collection,
              name: body.name === undefined ? undefined : sanitizeFileName(body.name),
              // Public on one item's pages is not public on another's (decision 230).
              isPublic: body.is_public ?? (body.content === undefined ? undefined : false),
            });
      if (!updated) throw notFound();
      return updated;
    });
    return presentFile(row);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    // Queued with the delete (file_removals), removed after the commit; the sweep retries.
    const storageKey = await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onFile(caller, id, true))?.role, 'write');
      const key = await repos.files.delete(caller, id);
      if (key !== undefined) await repos.fileRemovals.queue([key]);
      return key;
    });
    if (storageKey === undefined) throw notFound();
    await this.removals.removeNow([storageKey]);
  }

  async download(caller: Caller, id: number): Promise<Download> {
    const row = await this.store.repos.files.find(caller, id);
    if (!row) throw notFound();
    return { stream: await this.open(row), headers: downloadHeaders(row, 'private, no-store') };
  }

  /**
   * POST …/preview-link/ (decision 191): the file's preview address with a 60-second ticket of
   * the caller and their sign-in, good for that address alone, so the app can show a PDF in a
   * frame (a frame's address cannot carry the Authorization header). A file the caller may not
   * read is a 404, as everywhere.
   */
  async previewLink(caller: Caller, id: number): Promise<{ url: string }> {
    if (!(await this.store.repos.files.find(caller, id))) throw notFound();
    const path = pathOf('files.preview', { id });
    const ticket = await this.tickets.issue(caller.userId, caller.sessionFamilyId, path);
    return { url: `${path}?ticket=${encodeURIComponent(ticket)}` };
  }

  /** GET …/preview/: a PDF inline for the preview frame, anything else as its download. */
  async preview(caller: Caller, id: number): Promise<Download> {
    const row = await this.store.repos.files.find(caller, id);
    if (!row) throw notFound();
    return { stream: await this.open(row), headers: previewHeaders(row, 'private, no-store') };
  }

  private async open(row: { id: number; storageKey: string }): Promise<Readable> {
    try {
      return await this.storage.open(row.storageKey);
    } catch (error) {
      this.log.error({ err: error, fileId: row.id }, 'stored bytes of a file are missing');
      throw notFound('The contents of this file are missing.');
    }
  }
}

/** The optional `content` and `collection` form fields of an upload: empty means none. */
function parseIdField(field: string, value: string | undefined): number | null {
  if (value === undefined || value === '' || value === 'null') return null;
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2 ** 31 - 1) {
    throw validationFailed({ [field]: ['A valid integer is required.'] });
  }
  return Number(value);
}
