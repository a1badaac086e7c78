import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Mailbox } from './mailbox';
import { pathOf } from '@cw/contract/routes';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * A person nobody has seen before. Every test uses its own address: the auth API limits code
 * sending (one new code per address per 30 s) and failed logins per address and client.
 */
export function newUser(label: string): TestUser {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 24);
  const unique = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${slug || 'user'}-${unique}@example.com`,
    password: `Pw-${randomBytes(6).toString('hex')}`,
  };
}

/**
 * Set-up through the API for journeys that are not about signing up: register, read the
 * verification code from the mail, verify. Keeps a broken register screen from failing every
 * other journey (the sign-up journey covers that screen).
 */
export async function registerVerifiedUser(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: TestUser,
): Promise<void> {
  const since = Date.now();
  const registered = await request.post(pathOf('auth.register'), {
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password: user.password,
    },
  });
  expect(
    registered.status(),
    `set-up: POST ${pathOf('auth.register')} answered ${await registered.text()}`,
  ).toBe(201);
  const otp = await mailbox.waitForCode(user.email, { since });
  const verified = await request.post(pathOf('auth.verifyOtp'), {
    data: { email: user.email, otp },
  });
  expect(
    verified.status(),
    `set-up: POST ${pathOf('auth.verifyOtp')} answered ${await verified.text()}`,
  ).toBe(200);
}
