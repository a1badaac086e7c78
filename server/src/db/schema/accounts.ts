import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './common';

/* Accounts: people, their sign-in state, and rate-limit counters. */

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored trimmed and lower-cased: emails compare case-insensitively. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    profilePic: text('profile_pic'),
    isVerified: boolean('is_verified').notNull().default(false),
    isMfaActivated: boolean('is_mfa_activated').notNull().default(false),
    onFreeTrial: boolean('on_free_trial').notNull().default(true),
    /** Speaking pace for speaking times and the teleprompter (docs/api.md, "Auth": 60–250). */
    wordsPerMinute: integer('words_per_minute').notNull().default(150),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_words_per_minute_check', sql`${t.wordsPerMinute} between 60 and 250`),
  ],
);

/** Refresh tokens are kept only as hashes; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdOn: createdOn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The pair this token was exchanged for, sealed (AES-256-GCM) with a key derived from this
     * token, which is not stored: only its holder can open it, to get the same pair again within
     * the 30-second grace (two tabs refreshing at once; decision 029).
     */
    successorSealed: text('successor_sealed'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** One-time codes, stored as keyed hashes (HMAC with the server secret). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify_email' | 'login' | 'reset_password' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdOn: createdOn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.id)],
);

/** Fixed-window counters for rate limits that must hold across processes (failed logins, codes). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_buckets_reset_idx').on(t.resetAt)],
);
