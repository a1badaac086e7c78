import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ImportJob } from '@cw/contract';
import { collections, contents, files, notes } from '../src/db/schema';
import { slowestHealthWhile } from './health-support';
import { createTestApp } from './helpers';
import { declaringSize, PNG, zipOf, type Entries } from './import-fixtures';
import { signedInCaller, uploadImport } from './library-helpers';

/**
 * The hostile suite for archives (docs/operations.md, "Background jobs"): generated zips, random and
 * mutated (flipped bytes, cut short, header fields overwritten), with lying sizes, deep folders,
 * long lines and embed-heavy notes, each imported while /api/health is asked every few ms.
 * Whatever the archive: the upload is a 202 or a 4xx in the error shape, the job ends `done` or
 * `failed` (never stuck), a failed one keeps nothing, and /api/health answers within 1 s.
 *
 * Bounded: 30 archives with CI set, 8 otherwise (FUZZ_ARCHIVES changes it); each import starts a
 * worker thread. A failure names the seed: FUZZ_SEED=<seed> gives the same archives again.
 */

const RUNS = Number(process.env.FUZZ_ARCHIVES ?? (process.env.CI ? 30 : 8));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const HEALTH_MAX_MS = 1000;

const ctx = await createTestApp({
  importMaxBytes: 8 * 1024 * 1024,
  storageQuotaBytes: 8 * 1024 * 1024,
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

/* ---------------- what goes into an archive ---------------- */

const HOSTILE_UNITS = [
  '![[',
  '![](',
  '![a](x',
  '[',
  '](',
  '*a_',
  '#',
  '`',
  '"',
  '<',
  '|',
  ' ',
  '\n',
];
/** A line of up to 200 KB made of markdown's and the embed patterns' special pieces. */
const longLine = fc
  .tuple(fc.constantFrom(...HOSTILE_UNITS), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
const embedHeavy = fc
  .array(
    fc.constantFrom(
      '![[pic.png]]',
      '![[nope.png|a]]',
      '![](pic.png)',
      '![x](<pic.png>)',
      '![[',
      'text ',
      '\n',
    ),
    {
      maxLength: 2000,
    },
  )
  .map((parts) => parts.join(''));
const noteText = fc.oneof(
  fc.string({ maxLength: 300 }),
  longLine,
  embedHeavy,
  fc.constant('---\ntags: [a, b]\ntitle: T\n---\nBody #tag\n'),
  fc.constant(`---\n${'a: &a [*a, *a, *a, *a]\n'.repeat(20)}---\n`),
);
// Names a zip writer takes (no `.` or `..`): the reader's own refusals are tested apart.
const segment = fc.stringMatching(/^[A-Za-z0-9 ._-]{1,12}$/).filter((s) => !/^\.+$/.test(s));
const entryPath = fc.oneof(
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
  // Deep folders.
  fc.integer({ min: 50, max: 400 }).map((depth) => `${'d/'.repeat(depth)}note.md`),
);
const entries: fc.Arbitrary<Entries> = fc
  .array(
    fc.oneof(
      fc.tuple(
        entryPath.map((p) => `${p}.md`),
        noteText,
      ),
      fc.tuple(fc.constant('Vault/pic.png'), fc.constant(PNG as string | Buffer)),
      fc.tuple(
        entryPath,
        fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
      ),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((pairs) => Object.fromEntries(pairs));

type Mutation =
  | { kind: 'none' }
  | { kind: 'flip'; at: number[]; value: number }
  | { kind: 'cut'; at: number }
  | { kind: 'field'; at: number; value: number }
  | { kind: 'lie'; declared: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('field' as const),
    at: fc.nat(),
    value: fc.constantFrom(0, 1, 10, 0xffff, 0x7fffffff, 0xffffffff),
  }),
  fc.record({ kind: fc.constant('lie' as const), declared: fc.integer({ min: 0, max: 2 ** 31 }) }),
);

/** A zip of `content`, changed by `change` (a header field: any 4-byte place after a signature). */
async function archiveOf(content: Entries, change: Mutation): Promise<Buffer> {
  const zip = await zipOf(content);
  switch (change.kind) {
    case 'none':
      return zip;
    case 'flip':
      for (const at of change.at) zip[at % zip.length] = change.value;
      return zip;
    case 'cut':
      return zip.subarray(0, change.at % zip.length);
    case 'field': {
      const signatures = [0x04034b50, 0x02014b50, 0x06054b50].flatMap((signature) => {
        const found: number[] = [];
        const bytes = Buffer.alloc(4);
        bytes.writeUInt32LE(signature);
        for (let at = zip.indexOf(bytes); at !== -1; at = zip.indexOf(bytes, at + 4)) {
          found.push(at);
        }
        return found;
      });
      const base = signatures[change.at % Math.max(signatures.length, 1)] ?? 0;
      const at = Math.min(base + 4 + ((change.at >> 4) % 40), zip.length - 4);
      zip.writeUInt32LE(change.value >>> 0, at);
      return zip;
    }
    case 'lie': {
      const [name, data] = Object.entries(content)[0]!;
      const real = Buffer.byteLength(data);
      // Only when that size is written once in each header: otherwise the archive stays honest.
      try {
        return declaringSize(await zipOf({ [name]: data }), real, change.declared);
      } catch {
        return zip;
      }
    }
  }
}

const randomBytes = fc.uint8Array({ minLength: 0, maxLength: 8192 }).map((b) => Buffer.from(b));
type Archive =
  { kind: 'bytes'; bytes: Buffer } | { kind: 'zip'; content: Entries; change: Mutation };
const archive: fc.Arbitrary<Archive> = fc.oneof(
  { weight: 1, arbitrary: randomBytes.map((bytes) => ({ kind: 'bytes' as const, bytes })) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(entries, mutation)
      .map(([content, change]) => ({ kind: 'zip' as const, content, change })),
  },
);

/* ---------------- the property ---------------- */

describe('hostile fuzz: generated archives', () => {
  it(`never stop the server, never hold /api/health past 1 s, and keep nothing when they fail (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(archive, async (made) => {
        const zip = made.kind === 'bytes' ? made.bytes : await archiveOf(made.content, made.change);
        const person = await signedInCaller(ctx);
        const started = await uploadImport(ctx, person, zip);
        expect(started.statusCode, started.body).toBeLessThan(500);
        if (started.statusCode !== 202) {
          expect(started.json()).toMatchObject({ code: expect.any(String) });
          return;
        }
        const slowest = await slowestHealthWhile(ctx, ctx.jobs.runDue());
        expect(slowest).toBeLessThan(HEALTH_MAX_MS);
        const job = (
          await person.get(`/api/import/${started.json<ImportJob>().id}/`)
        ).json<ImportJob>();
        expect(['done', 'failed']).toContain(job.status);
        if (job.status === 'failed') {
          expect(job.errors.length).toBeGreaterThan(0);
          const db = ctx.database.db;
          for (const table of [collections, contents, notes, files]) {
            const [row] = await db
              .select({ n: count() })
              .from(table)
              .where(eq(table.userId, person.id));
            expect(row!.n).toBe(0);
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
