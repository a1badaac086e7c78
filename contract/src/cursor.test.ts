import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from './cursor';
import { contentListQuerySchema } from './library';

describe('list cursors (decision 264)', () => {
  it('round-trips every kind of key, unicode included', () => {
    const cases = [
      ['-created_on', [42], ['id']],
      ['-updated_on', ['2026-11-27T20:03:01.123456Z', 7], ['timestamp', 'id']],
      ['title', ['ünïcode 😀 «title»', 9], ['text', 'id']],
      ['publish_on', [null, 3], ['dayOrNull', 'id']],
      ['publish_on', ['2026-02-28', 3], ['dayOrNull', 'id']],
      ['position', [0, 1], ['position', 'id']],
    ] as const;
    for (const [ordering, key, parts] of cases) {
      const cursor = encodeListCursor(ordering, key);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeListCursor(cursor, ordering, parts)).toEqual({ key });
    }
  });

  it('refuses another ordering, a wrong shape, and what is not base64url JSON', () => {
    const parts = ['timestamp', 'id'] as const;
    expect(
      decodeListCursor(encodeListCursor('title', ['a', 1]), '-updated_on', parts),
    ).toHaveProperty('problem');
    expect(decodeListCursor('%%%', '-updated_on', parts)).toHaveProperty('problem');
    expect(
      decodeListCursor(
        encodeListCursor('-updated_on', ['2026-02-30T00:00:00.000000Z', 1]),
        '-updated_on',
        parts,
      ),
    ).toHaveProperty('problem');
    const parsed = contentListQuerySchema.safeParse({
      ordering: 'title',
      after: encodeListCursor('-created_on', [1]),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['after']);
    expect(
      contentListQuerySchema.safeParse({ after: encodeListCursor('-created_on', [1]) }).success,
    ).toBe(true);
  });
});
