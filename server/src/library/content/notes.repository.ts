import { and, desc, eq, sql } from 'drizzle-orm';
import { notes } from '../../db/schema';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';
import type { Caller } from '../../policy/caller';
import { scopeOf } from '../../policy/library.policy';

export type NoteRow = RowOf<typeof notes>;
const columns = rowColumns(notes);
export interface NoteValues {
  title: string;
  content: string;
  tags: string[];
}

export class NotesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One page of notes, newest first: of one collection the caller may read (index
   * notes_collection_idx), or all of the caller's own (index notes_user_id_idx).
   */
  async list(caller: Caller, collectionId: number | undefined, limit: number, offset: number) {
    const where = and(
      scopeOf(caller, 'notes', collectionId === undefined ? 'own' : 'read'),
      collectionId === undefined ? undefined : eq(notes.collectionId, collectionId),
    );
    return pageWithCount(
      this.db,
      this.db
        .select(columns)
        .from(notes)
        .where(where)
        .orderBy(desc(notes.id))
        .limit(limit)
        .offset(offset),
      notes,
      where,
      { limit, offset },
    );
  }

  async find(caller: Caller, id: number): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(notes)
      .where(and(scopeOf(caller, 'notes', 'read'), eq(notes.id, id)));
    return row;
  }

  /**
   * A note of the collection's owner `ownerId`; the service has checked the caller may write in
   * the collection. The caller is its last editor.
   */
  async insert(
    caller: Caller,
    ownerId: number,
    collectionId: number,
    values: NoteValues,
  ): Promise<NoteRow> {
    const [row] = await this.db
      .insert(notes)
      .values({ userId: ownerId, updatedBy: caller.userId, collectionId, ...values })
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on and updated_by. Undefined when the caller may not change it. */
  async update(
    caller: Caller,
    id: number,
    values: Partial<NoteValues>,
  ): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .update(notes)
      .set({ ...values, updatedOn: sql`now()`, updatedBy: caller.userId })
      .where(and(scopeOf(caller, 'notes', 'write'), eq(notes.id, id)))
      .returning(columns);
    return row;
  }

  /** Moves the note to the trash (docs/api.md, "Trash"). */
  async trash(caller: Caller, id: number): Promise<boolean> {
    const trashed = await this.db
      .update(notes)
      .set({ deletedOn: sql`now()` })
      .where(and(scopeOf(caller, 'notes', 'write'), eq(notes.id, id)))
      .returning({ id: notes.id });
    return trashed.length > 0;
  }
}
