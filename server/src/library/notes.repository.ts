import { and, desc, eq, sql } from 'drizzle-orm';
import { notes } from '../db/schema';
import type { Executor } from '../db/executor';

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
  async listForOwner(
    ownerId: number,
    collectionId: number | undefined,
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(notes.userId, ownerId),
      collectionId === undefined ? undefined : eq(notes.collectionId, collectionId),
    );
    const [rows, [total]] = await Promise.all([
      this.db.select().from(notes).where(where).orderBy(desc(notes.id)).limit(limit).offset(offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(notes)
        .where(where),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  async findForOwner(ownerId: number, id: number): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notes)
      .where(and(eq(notes.userId, ownerId), eq(notes.id, id)));
    return row;
  }

  /** The collection must have been checked to be the owner's. */
  async insert(ownerId: number, collectionId: number, values: NoteValues): Promise<NoteRow> {
    const [row] = await this.db
      .insert(notes)
      .values({ userId: ownerId, collectionId, ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the owner has no such note. */
  async update(
    ownerId: number,
    id: number,
    values: Partial<NoteValues>,
  ): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .update(notes)
      .set({ ...values, updatedOn: sql`now()` })
      .where(and(eq(notes.userId, ownerId), eq(notes.id, id)))
      .returning();
    return row;
  }

  async deleteForOwner(ownerId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(notes)
      .where(and(eq(notes.userId, ownerId), eq(notes.id, id)))
      .returning({ id: notes.id });
    return deleted.length > 0;
  }
}
