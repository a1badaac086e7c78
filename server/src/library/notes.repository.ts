import { and, desc, eq, sql } from 'drizzle-orm';
import { notes } from '../db/schema';
import type { Executor } from '../db/executor';
import { pageWithCount } from '../db/page';
import type { Caller } from '../policy/caller';
import { ownerIdFor, scopeOf } from '../policy/library.policy';

export type NoteRow = typeof notes.$inferSelect;
export interface NoteValues {
  title: string;
  content: string;
  tags: string[];
}

export class NotesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One page of the owner's notes, newest first: of one collection (index notes_collection_idx)
   * or all of them (index notes_user_id_idx).
   */
  async list(caller: Caller, collectionId: number | undefined, limit: number, offset: number) {
    const where = and(
      scopeOf(caller, 'notes', 'read'),
      collectionId === undefined ? undefined : eq(notes.collectionId, collectionId),
    );
    return pageWithCount(
      this.db,
      this.db.select().from(notes).where(where).orderBy(desc(notes.id)).limit(limit).offset(offset),
      notes,
      where,
    );
  }

  async find(caller: Caller, id: number): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notes)
      .where(and(scopeOf(caller, 'notes', 'read'), eq(notes.id, id)));
    return row;
  }

  /** The collection must have been checked to be the owner's. */
  async insert(caller: Caller, collectionId: number, values: NoteValues): Promise<NoteRow> {
    const [row] = await this.db
      .insert(notes)
      .values({ userId: ownerIdFor(caller), collectionId, ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the owner has no such note. */
  async update(
    caller: Caller,
    id: number,
    values: Partial<NoteValues>,
  ): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .update(notes)
      .set({ ...values, updatedOn: sql`now()` })
      .where(and(scopeOf(caller, 'notes', 'change'), eq(notes.id, id)))
      .returning();
    return row;
  }

  async delete(caller: Caller, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(notes)
      .where(and(scopeOf(caller, 'notes', 'change'), eq(notes.id, id)))
      .returning({ id: notes.id });
    return deleted.length > 0;
  }
}
