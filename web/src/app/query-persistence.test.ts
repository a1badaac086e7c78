import { describe, expect, it } from 'vitest';
import { storeSession } from '../test/factories';
import { storedUserId } from './query-persistence';

/** An unsigned JWT with these claims (the client reads, never verifies, them). */
function token(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

describe('whose cache is kept', () => {
  it('is the stored access token’s subject', () => {
    storeSession(token({ sub: '42', typ: 'access' }));
    expect(storedUserId()).toBe('42');
  });

  it('is nobody without a session or with an unreadable token', () => {
    expect(storedUserId()).toBeNull();
    storeSession('not-a-jwt');
    expect(storedUserId()).toBeNull();
    storeSession(token({ typ: 'access' }));
    expect(storedUserId()).toBeNull();
  });
});
