import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { QueuedMails } from '../mail/mail-queue';
import { AccountDeletionRepository } from './account-deletion.repository';
import { OneTimeCodesRepository } from './one-time-codes.repository';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { UsersRepository } from './users.repository';

export interface AuthRepositories {
  users: UsersRepository;
  oneTimeCodes: OneTimeCodesRepository;
  refreshTokens: RefreshTokensRepository;
  /** The code-mail queue's rows, so a mail can be queued in the transaction that needs it. */
  queuedMails: QueuedMails;
  accountDeletion: AccountDeletionRepository;
}

const repositoriesOn = (db: Executor): AuthRepositories => ({
  users: new UsersRepository(db),
  oneTimeCodes: new OneTimeCodesRepository(db),
  refreshTokens: new RefreshTokensRepository(db),
  queuedMails: new QueuedMails(db),
  accountDeletion: new AccountDeletionRepository(db),
});

/**
 * The accounts' unit of work, as LibraryStore is the library's: plain reads and single writes
 * use `repos`; writes that must stand or fall together run in `transaction`, where every
 * repository shares one transaction.
 */
export class AuthStore {
  readonly repos: AuthRepositories;

  constructor(private readonly db: Database) {
    this.repos = repositoriesOn(db);
  }

  transaction<T>(work: (repos: AuthRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(repositoriesOn(tx)));
  }
}
