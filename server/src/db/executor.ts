import type { Database, Transaction } from './client';

/** What a repository runs its queries on: the database, or an open transaction. */
export type Executor = Database | Transaction;
