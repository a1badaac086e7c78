import { describe, expect, it } from 'vitest';
import { emailSchema, registerBodySchema, updateProfileBodySchema } from './auth';
import { collectionCreateBodySchema, noteCreateBodySchema } from './library';

describe('auth schemas', () => {
  it('trims and lower-cases emails before checking them', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('rejects a malformed email with a readable message', () => {
    const result = emailSchema.safeParse('not-an-email');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid email address.');
  });
  it('refuses a password shorter than six characters', () => {
    const result = registerBodySchema.safeParse({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: '12345',
    });
    expect(result.success).toBe(false);
  });
  it('takes the current password with a request to switch MFA off, but not as a change alone', () => {
    expect(
      updateProfileBodySchema.parse({ is_mfa_activated: false, current_password: 'secret' }),
    ).toEqual({ is_mfa_activated: false, current_password: 'secret' });
    expect(updateProfileBodySchema.safeParse({ current_password: 'secret' }).success).toBe(false);
    expect(
      updateProfileBodySchema.safeParse({ is_mfa_activated: false, current_password: '' }).success,
    ).toBe(false);
  });
});

describe('library schemas', () => {
  it('defaults new collections to active and public', () => {
    const body = collectionCreateBodySchema.parse({ name: ' Videos ' });
    expect(body).toMatchObject({ name: 'Videos', is_active: true, is_public: true, tags: [] });
  });
  it('trims note tags and drops duplicates', () => {
    const body = noteCreateBodySchema.parse({ title: 'a', content: 'b', tags: [' x ', 'x', 'y'] });
    expect(body.tags).toEqual(['x', 'y']);
  });
  it('refuses meta_data over 16 KiB', () => {
    const result = collectionCreateBodySchema.safeParse({
      name: 'n',
      meta_data: { blob: 'x'.repeat(17 * 1024) },
    });
    expect(result.success).toBe(false);
  });
});
