import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id at the contract's floor (OWASP ASVS 5.0 appendix C): m = 19 MiB, t = 2, p = 1.
 * `@node-rs/argon2`'s async hash/verify run on the libuv thread pool, off the event loop.
 */
export const ARGON2_OPTIONS: Options = {
  // The package's `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 = Argon2id.
  algorithm: 2 as NonNullable<Options['algorithm']>,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a password nobody knows, made once per process with the same parameters, so that
 * checking a password of an unknown email costs as much as checking a real one.
 */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(`no-such-account-${Math.random()}`, ARGON2_OPTIONS);
  return dummyHash;
}

/** Start computing the dummy hash early, so the first unknown-email login is not faster/slower. */
export function warmUpPasswords(): void {
  void getDummyHash().catch(() => undefined);
}

/**
 * Checks `password` against `passwordHash`; with no hash (unknown account) it checks against the
 * dummy hash and answers false, taking the same time.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, never a 500 that tells the account exists.
    return false;
  }
}
