import type { EmailBody } from '@cw/contract';
import { isUniqueViolation } from '../db/errors';
import { badRequest } from '../http/errors';
import { MESSAGES } from './auth-messages';
import type { AuthStore } from './auth-store';
import type { OneTimeCodes } from './one-time-codes';
import { hashPassword } from './passwords';
import { codeSendBuckets, type AuthLimits, type RateLimiter } from './rate-limit';

export interface RegistrationServiceDeps {
  store: AuthStore;
  codes: OneTimeCodes;
  limiter: RateLimiter;
  limits: AuthLimits;
  now: () => Date;
}

/** Normalised input (the contract schema trims and lower-cases the email). */
interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

const duplicateEmail = () =>
  badRequest(MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });

/** New accounts and their email verification codes (register/, send-otp/). */
export class RegistrationService {
  constructor(private readonly deps: RegistrationServiceDeps) {}

  /**
   * The IP limit counts every attempt; the address limits only one that can create an account,
   * so registering a taken address spends none of its code mails. The password is hashed before
   * the address is looked up, so a taken address is not answered faster than a new one.
   */
  async register(input: RegisterInput, ip: string): Promise<{ message: string }> {
    const { store, codes, limiter } = this.deps;
    const sends = codeSendBuckets(this.deps.limits, input.email, 'verify_email', ip);
    const addressBuckets = [sends.coolDown, sends.perAddress];
    await limiter.consume([sends.perIp]);
    const passwordHash = await hashPassword(input.password);
    if (await store.repos.users.findByEmail(input.email)) throw duplicateEmail();
    await limiter.consume(addressBuckets);

    const now = this.deps.now();
    try {
      // The account and its verification mail are committed together: the mail survives a
      // restart, and goes out after the answer (decision 029).
      await store.transaction(async (repos) => {
        await repos.users.insert({
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          createdOn: now,
        });
        await codes.queue(input.email, 'verify_email', repos);
      });
    } catch (error) {
      await limiter.release(addressBuckets);
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
    codes.mailSoon();
    return { message: MESSAGES.registered };
  }

  /** Mails a new code only to an unverified account; the answer never tells which it was. */
  async sendVerificationCode(
    input: EmailBody & { email: string },
    ip: string,
  ): Promise<{ message: string }> {
    const user = await this.deps.store.repos.users.findByEmail(input.email);
    await this.deps.codes.send(
      input.email,
      user !== undefined && !user.isVerified,
      'verify_email',
      ip,
    );
    return { message: MESSAGES.codeSentIfExists };
  }
}
