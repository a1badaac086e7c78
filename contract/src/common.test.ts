import { describe, expect, it } from 'vitest';
import {
  idParamsSchema,
  idQuerySchema,
  idSchema,
  MAX_ID,
  metaDataProblem,
  metaDataSchema,
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  textSchema,
} from './common';

describe('500 for client input: ids', () => {
  it(`takes ids up to ${MAX_ID} and refuses larger ones, in bodies, queries and paths`, () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID + 1).success).toBe(false);
    expect(idQuerySchema.safeParse(String(MAX_ID)).success).toBe(true);
    expect(idQuerySchema.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(idQuerySchema.safeParse('99999999999999999999999').success).toBe(false);
    expect(idParamsSchema.safeParse({ id: String(MAX_ID + 1) }).success).toBe(false);
  });
});

describe('500 for client input: NUL characters', () => {
  it('refuses a NUL in any text field with one message, before the field’s own checks', () => {
    const field = textSchema().trim().min(1).max(5);
    const result = field.safeParse('\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NUL_MESSAGE]);
    expect(field.parse(' ok ')).toBe('ok');
  });
});

describe('500 for client input: unpaired surrogates', () => {
  it('turns an unpaired surrogate of any text field into U+FFFD and keeps pairs (jsonb refuses one)', () => {
    const field = textSchema().trim().max(10);
    expect(field.parse('a\ud800b')).toBe('a\ufffdb');
    expect(field.parse('\udfff\ud800')).toBe('\ufffd\ufffd');
    expect(field.parse('🎬 take')).toBe('🎬 take');
  });
});

describe('500 for client input: meta_data', () => {
  const nested = (levels: number) => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i += 1) value = i % 2 ? { a: value } : [value];
    return value as Record<string, unknown>;
  };

  it('takes 16 levels and refuses 17', () => {
    expect(metaDataProblem({ a: nested(15) })).toBeNull();
    expect(metaDataProblem({ a: nested(16) })).toMatch(/nested deeper than 16/);
  });

  it('checks 100,000 levels without recursion and never serializes them', () => {
    expect(metaDataSchema.safeParse({ a: nested(100_000) }).success).toBe(false);
  });

  it('refuses NUL in keys and strings at any depth, and more than 16 KiB', () => {
    expect(metaDataProblem({ a: [{ b: 'x\u0000' }] })).toBe(NUL_MESSAGE);
    expect(metaDataProblem({ a: { 'b\u0000': 1 } })).toBe(NUL_MESSAGE);
    expect(metaDataProblem({ a: new Array(20_000).fill(0) })).toMatch(/16 KiB/);
    expect(metaDataProblem({ a: 'x'.repeat(17 * 1024) })).toMatch(/16 KiB/);
  });
});

describe('meta_data and unpaired surrogates (PostgreSQL jsonb refuses them)', () => {
  it('refuses a lone surrogate in a key or a string, and keeps a pair', () => {
    expect(metaDataProblem({ '\udfff\ud800': {} })).toBe(LONE_SURROGATE_MESSAGE);
    expect(metaDataProblem({ note: ['ok', 'a\ud800'] })).toBe(LONE_SURROGATE_MESSAGE);
    expect(metaDataProblem({ emoji: '😀', 'key 😀': 1 })).toBeNull();
  });
});
