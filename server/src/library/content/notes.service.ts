import type { z } from 'zod';
import type {
  Note,
  noteCreateBodySchema,
  noteListQuerySchema,
  notePatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../../http/errors';
import { sqlState } from '../../db/errors';
import type { Caller } from '../../policy/caller';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import type { NoteRow } from './notes.repository';
import { requireRole } from '../../policy/library.policy';
import { pageWindow, type Page } from '../../http/pagination';
import { updatedByOf } from '../shared/presenters';
import { presentNote } from './contents.presenter';

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
    return { results: await this.present(this.store.repos, rows), count };
  }

  async get(caller: Caller, id: number): Promise<Note> {
    const row = await this.store.repos.notes.find(caller, id);
    if (!row) throw notFound();
    return this.presentOne(this.store.repos, row);
  }

  /**
   * The collection comes from the body, or else from `?collection=`; the caller must own it or
   * edit it (a viewer's is a 403; one they cannot see, a 400 like any unknown id). The note is
   * the collection owner's.
   */
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
      return await this.store.transaction(async (repos) => {
        const access = await repos.access.onCollection(caller, collectionId, true);
        if (!access) throw unknownCollection();
        requireRole(access.role, 'write');
        const row = await repos.notes.insert(caller, access.ownerId, collectionId, {
          title: body.title,
          content: body.content,
          tags: body.tags,
        });
        return this.presentOne(repos, row);
      });
    } catch (error) {
      // The collection was deleted between the check and the insert.
      if (sqlState(error) === '23503') throw unknownCollection();
      throw error;
    }
  }

  /** The owner or an editor of its collection; the membership is held until the write commits. */
  async update(caller: Caller, id: number, body: NotePatchInput): Promise<Note> {
    return this.store.transaction(async (repos) => {
      requireRole((await repos.access.onNote(caller, id, true))?.role, 'write');
      const row = await repos.notes.update(caller, id, {
        title: body.title,
        content: body.content,
        tags: body.tags,
      });
      if (!row) throw notFound();
      return this.presentOne(repos, row);
    });
  }

  async remove(caller: Caller, id: number): Promise<void> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onNote(caller, id, true))?.role, 'write');
      if (!(await repos.notes.trash(caller, id))) throw notFound();
    });
  }

  private async presentOne(repos: LibraryRepositories, row: NoteRow): Promise<Note> {
    const [note] = await this.present(repos, [row]);
    if (!note) throw new Error('presenting one note gave none');
    return note;
  }

  /** Who changed each note of a page last, in one query. */
  private async present(repos: LibraryRepositories, rows: NoteRow[]): Promise<Note[]> {
    const people = await repos.members.people(
      rows.flatMap((row) => (row.updatedBy === null ? [] : [row.updatedBy])),
    );
    return rows.map((row) => presentNote(row, updatedByOf(row.updatedBy, people)));
  }
}
