import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { MailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import { AccountService } from './account.service';
import { AuthStore } from './auth-store';
import { OneTimeCodes } from './one-time-codes';
import { warmUpPasswords } from './passwords';
import { PasswordResetService } from './password-reset.service';
import { RateLimiter, type AuthLimits } from './rate-limit';
import { RegistrationService } from './registration.service';
import { SignInService } from './sign-in.service';
import { SignInSessions } from './sign-in-sessions';
import type { TokenService } from './tokens';
import type { FileRemovals } from '../storage/file-removals';

export interface AuthServicesDeps {
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  /** Master secret: keys the one-time-code and refresh-token hashes. */
  secret: string;
  limits: AuthLimits;
  now: () => Date;
  /** Stored files of a deleted account (the library's file store). */
  removals: FileRemovals;
  log?: FastifyBaseLogger;
  /** How long a mail's claim holds (JOB_LEASE_SECONDS, as every job's). */
  jobLeaseSeconds?: number;
  /** Told after an account is deleted (live editing closes its items' editors). */
  onAccountDeleted?: (userId: number) => void;
}

/** What the `/api/auth/…` routes call; each route calls one method of one of these. */
export interface AuthServices {
  registration: RegistrationService;
  signIn: SignInService;
  sessions: SignInSessions;
  account: AccountService;
  passwordReset: PasswordResetService;
  /** Sends the code mails the calls queued, after their answers (decision 029). */
  mailQueue: MailQueue;
}

export function createAuthServices(deps: AuthServicesDeps): AuthServices {
  const { mailer, tokens, secret, limits, now, log } = deps;
  const store = new AuthStore(deps.db);
  // One limiter for all of auth: it sweeps expired buckets every few hundred hits it counts.
  const limiter = new RateLimiter(deps.db, now);
  const sessions = new SignInSessions({ store, tokens, secret, now });
  // The queue's worker delivers through the codes, and the codes queue through the queue.
  const mailQueue: MailQueue = new MailQueue({
    db: deps.db,
    now,
    log,
    leaseSeconds: deps.jobLeaseSeconds,
    deliver: (mail): Promise<void> => codes.deliver(mail),
  });
  const codes: OneTimeCodes = new OneTimeCodes({
    store,
    limiter,
    mailer,
    mailQueue,
    secret,
    limits,
    now,
  });
  warmUpPasswords();
  return {
    registration: new RegistrationService({ store, codes, limiter, limits, now }),
    signIn: new SignInService({ store, sessions, codes, tokens, limiter, limits, now }),
    sessions,
    account: new AccountService({
      store,
      sessions,
      limiter,
      limits,
      now,
      removals: deps.removals,
      onDeleted: deps.onAccountDeleted,
    }),
    passwordReset: new PasswordResetService({ store, codes, sessions, now }),
    mailQueue,
  };
}
