import type { z } from 'zod';
import type {
  Note,
  Paginated,
  noteCreateBodySchema,
  noteListQuerySchema,
  notePatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../http/errors';
import { sqlState } from '../db/errors';
import type { LibraryStore } from './library-store';
import { paginate, pageWindow } from './pagination';
import { presentNote } from './presenters';

type NoteListQuery = z.output<typeof noteListQuerySchema>;
type NoteCreateInput = z.output<typeof noteCreateBodySchema>;
type NotePatchInput = z.output<typeof notePatchBodySchema>;

export const NOTES_PATH = '/api/collections/notes/';

const unknownCollection = () =>
  validationFailed({ collection: ['Invalid pk - the collection does not exist.'] });

export class NotesService {
  constructor(private readonly store: LibraryStore) {}

  /**
   * With `collection`, the notes of that collection (404 when it is not the caller's: the
   * collection is the thing not found); without it, all of the caller's notes.
   */
  async list(callerId: number, query: NoteListQuery, url: string): Promise<Paginated<Note>> {
    if (
      query.collection !== undefined &&
      !(await this.store.repos.collections.findForOwner(callerId, query.collection))
    ) {
      throw notFound('Collection not found.');
    }
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.notes.listForOwner(
      callerId,
      query.collection,
      limit,
      offset,
    );
    return paginate(rows.map(presentNote), count, query, NOTES_PATH, url);
  }

  async get(callerId: number, id: number): Promise<Note> {
    const row = await this.store.repos.notes.findForOwner(callerId, id);
    if (!row) throw notFound();
    return presentNote(row);
  }

  /** The collection comes from the body, or else from `?collection=`; it must be the caller's. */
  async create(
    callerId: number,
    body: NoteCreateInput,
    queryCollection: number | undefined,
  ): Promise<Note> {
    const collectionId = body.collection ?? queryCollection;
    if (collectionId === undefined) {
      throw validationFailed({ collection: ['This field is required.'] });
    }
    try {
      const row = await this.store.transaction(async (repos) => {
        if (!(await repos.collections.findForOwner(callerId, collectionId))) {
          throw unknownCollection();
        }
        return repos.notes.insert(callerId, collectionId, {
          title: body.title,
          content: body.content,
          tags: body.tags,
        });
      });
      return presentNote(row);
    } catch (error) {
      // The collection was deleted between the check and the insert.
      if (sqlState(error) === '23503') throw unknownCollection();
      throw error;
    }
  }

  async update(callerId: number, id: number, body: NotePatchInput): Promise<Note> {
    const row = await this.store.repos.notes.update(callerId, id, {
      title: body.title,
      content: body.content,
      tags: body.tags,
    });
    if (!row) throw notFound();
    return presentNote(row);
  }

  async remove(callerId: number, id: number): Promise<void> {
    if (!(await this.store.repos.notes.deleteForOwner(callerId, id))) throw notFound();
  }
}
