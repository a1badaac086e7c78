import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './tokens';

export const OTP_PURPOSES = ['verify_email', 'login', 'reset_password'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** A code lives 10 minutes, is used once, and dies after 5 wrong tries. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** At most one new code per purpose and address every 30 seconds. */
export const OTP_RESEND_COOLDOWN_MS = 30 * 1000;

/** Six digits from the cryptographic random source, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are stored only as HMAC-SHA256 keyed with a key derived from the server secret. */
export class OtpHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'otp');
  }

  /** The user id and purpose are mixed in, so a stored hash is useless for any other code. */
  hash(userId: number, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${purpose}:${code}`).digest('hex');
  }

  matches(storedHash: string, userId: number, purpose: OtpPurpose, code: string): boolean {
    const expected = Buffer.from(this.hash(userId, purpose, code), 'hex');
    const stored = Buffer.from(storedHash, 'hex');
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  }
}
