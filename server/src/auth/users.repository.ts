import { eq } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export interface NewUserValues {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  createdOn: Date;
}
export type UserChanges = Partial<
  Pick<
    UserRow,
    'firstName' | 'lastName' | 'isMfaActivated' | 'isVerified' | 'passwordHash' | 'wordsPerMinute'
  >
> & { updatedOn: Date };

export class UsersRepository {
  constructor(private readonly db: Executor) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** A new account starts unverified, without MFA, on the free trial. */
  async insert(values: NewUserValues): Promise<UserRow> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, isVerified: false, isMfaActivated: false, onFreeTrial: true })
      .returning();
    if (!row) throw new Error('insert into users returned no row');
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** Undefined when there is no such user. */
  async update(id: number, changes: UserChanges): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    return row;
  }
}
