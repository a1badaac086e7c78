import type { z } from 'zod';
import type {
  Note,
  noteCreateBodySchema,
  noteListQuerySchema,
  notePatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../http/errors';
import { sqlState } from '../db/errors';
import type { Caller } from '../policy/caller';
import type { LibraryStore } from './library-store';
import { pageWindow, type Page } from '../http/pagination';
import { presentNote } from './presenters';

type NoteListQuery = z.output<typeof noteListQuerySchema>;
type NoteCreateInput = z.output<typeof noteCreateBodySchema>;
type NotePatchInput = z.output<typeof notePatchBodySchema>;

const unknownCollection = () =>
  validationFailed({ collection: ['Invalid pk - the collection does not exist.'] });

export class NotesService {
  constructor(private readonly store: LibraryStore) {}

  /**
   * With `collection`, the notes of that collection (404 when it is not the caller's: the
   * collection is the thing not found); without it, all of the caller's notes.
   */
  async list(caller: Caller, query: NoteListQuery): Promise<Page<Note>> {
    if (
      query.collection !== undefined &&
      !(await this.store.repos.collections.find(caller, query.collection))
    ) {
      throw notFound('Collection not found.');
    }
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.notes.list(
      caller,
      query.collection,
      limit,
      offset,
    );
    return { results: rows.map(presentNote), count };
  }

  async get(caller: Caller, id: number): Promise<Note> {
    const row = await this.store.repos.notes.find(caller, id);
    if (!row) throw notFound();
    return presentNote(row);
  }

  /** The collection comes from the body, or else from `?collection=`; it must be the caller's. */
  async create(
    caller: Caller,
    body: NoteCreateInput,
    queryCollection: number | undefined,
  ): Promise<Note> {
    const collectionId = body.collection ?? queryCollection;
    if (collectionId === undefined) {
      throw validationFailed({ collection: ['This field is required.'] });
    }
    try {
      const row = await this.store.transaction(async (repos) => {
        if (!(await repos.collections.find(caller, collectionId))) {
          throw unknownCollection();
        }
        return repos.notes.insert(caller, collectionId, {
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

  async update(caller: Caller, id: number, body: NotePatchInput): Promise<Note> {
    const row = await this.store.repos.notes.update(caller, id, {
      title: body.title,
      content: body.content,
      tags: body.tags,
    });
    if (!row) throw notFound();
    return presentNote(row);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    if (!(await this.store.repos.notes.delete(caller, id))) throw notFound();
  }
}
