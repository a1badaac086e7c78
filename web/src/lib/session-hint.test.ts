import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './session-hint';

function jwt(claims: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

const now = Date.parse('2026-11-23T12:00:00Z');
const inAnHour = now / 1000 + 3600;
const anHourAgo = now / 1000 - 3600;

describe('hasStoredSession', () => {
  it('is false with nothing stored', () => {
    expect(hasStoredSession(now)).toBe(false);
  });

  it('is true while the stored refresh token has not expired', () => {
    localStorage.setItem('access_token', `Bearer ${jwt({ exp: anHourAgo })}`);
    localStorage.setItem('refresh_token', jwt({ exp: inAnHour }));
    expect(hasStoredSession(now)).toBe(true);
  });

  it('is false once the refresh token has expired', () => {
    localStorage.setItem('access_token', `Bearer ${jwt({ exp: inAnHour })}`);
    localStorage.setItem('refresh_token', jwt({ exp: anHourAgo }));
    expect(hasStoredSession(now)).toBe(false);
  });

  it('trusts a token it cannot read (the guard verifies it)', () => {
    localStorage.setItem('access_token', 'Bearer opaque');
    expect(hasStoredSession(now)).toBe(true);
  });
});
