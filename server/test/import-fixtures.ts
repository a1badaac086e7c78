// Import fixtures, made by code at test time rather than kept as binaries: zipped
// Obsidian vaults and Notion exports with the cases real ones have, and bad archives. Run
// `npx tsx server/test/import-fixtures.ts <dir>` to write them as .zip files to look at.
import fs from 'node:fs';
import path from 'node:path';
import { ZipFile } from 'yazl';

export type Entries = Record<string, string | Buffer>;

/** A zip of `entries` (path → text or bytes), built in memory. */
export function zipOf(entries: Entries, options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, {
      compress: options.compress ?? true,
      mtime: new Date('2026-11-01T10:00:00Z'),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A tiny PNG (1×1, transparent). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * An Obsidian vault zipped in its folder (`My Vault/…`): nested folders, front matter tags (a list
 * and a string), malformed front matter, inline #tags, embedded images both ways, non-Latin and
 * emoji names, two notes of the same name in different folders, and Obsidian's own folders.
 */
export const obsidianVault = (): Entries => ({
  'My Vault/.obsidian/app.json': '{"theme":"dark"}',
  'My Vault/Welcome.md': '# Welcome\n\nStart here. #inbox\n\n![[missing.png]]\n',
  'My Vault/Season 2/Ideas.md':
    '---\ntags: [podcast, Guests]\nstatus: draft\n---\n# Ideas\n\nInterview a chef. #food and more #food\n\n![[cover.png]]\n',
  'My Vault/Season 2/Episodes/Pilot.md':
    '---\ntags: podcast, pilot\n---\nThe pilot script.\n\n![diagram](../../attachments/flow%20chart.png)\n\n```\n#not-a-tag in code\n```\n',
  'My Vault/Season 2/Episodes/Broken.md':
    '---\ntags: [unclosed\ntitle: : :\n---\nStill imported.\n',
  'My Vault/Archive/Ideas.md': 'Old ideas, same name. #archive\n',
  'My Vault/Notizen/Über uns 🚀.md': '東京で撮影 #旅行\n',
  'My Vault/attachments/cover.png': PNG,
  'My Vault/attachments/flow chart.png': PNG,
  'My Vault/attachments/unused.pdf': Buffer.from('%PDF-1.4 unused'),
});

/**
 * A vault written in the writing room's way (decision 218): wikilinks by name, by path, with an
 * alias and a heading, to nothing; embeds of an image (with a size, and as a relative link), of a
 * PDF and of a note; a callout; publish dates as a day, a date-time and two that are no date.
 */
export const writingRoomVault = (): Entries => ({
  'Room/Home.md':
    '---\npublish: 2026-03-01\n---\n# Home\n\nSee [[Plan]], [[Drafts/Chapter one|the first chapter]], [[Plan#Goals]] and [[Nowhere]].\n\n![[desk-setup.png]]\n![[desk-setup.png|300]]\n![Desk](attachments/desk-setup.png)\n![[Plan]]\n\n> [!tip] Keep going\n> A callout stays.\n',
  'Room/Plan.md':
    '---\ntitle: The plan\ndate: 2026-04-02T09:30:00+02:00\n---\nGoals. ![[brief.pdf]]\n',
  'Room/Drafts/Chapter one.md': '---\ndate: not a date\n---\nChapter text, back to [[Home]].\n',
  'Room/Drafts/Ideas.md': '---\npublish: 2026-02-30\n---\nLater.\n',
  'Room/attachments/desk-setup.png': PNG,
  'Room/attachments/brief.pdf': Buffer.from('%PDF-1.4 brief'),
});

const HEX = '0123456789abcdef0123456789abcdef';
const HEX2 = 'fedcba9876543210fedcba9876543210';

/**
 * A Notion "Markdown & CSV" export: pages with 32-hex-digit suffixes, a property block (`Tags:`
 * of two values, `Status:`) under a title, a `Tags:` line that is only text, sub-pages, a table.
 */
export const notionExport = (): Entries => ({
  [`Roadmap ${HEX}.md`]: `# Roadmap\n\nTags: planning, Q1 launch\nStatus: In progress\n\n![launch](Roadmap%20${HEX}/launch.png)\n\n[Sub page](Roadmap%20${HEX}/Sub%20page%20${HEX2}.md)\n`,
  [`Roadmap ${HEX}/Sub page ${HEX2}.md`]: '# Sub page\n\nDetails here. #q1\n',
  [`Roadmap ${HEX}/launch.png`]: PNG,
  [`Roadmap ${HEX}/Tasks ${HEX2}.csv`]: 'Name,Status\nEdit,Done\n',
  [`Café ☕ ${HEX2}.md`]: 'Notes from the café.\n\nTags: only words here, not a property\n',
});

/** Bytes that are not a zip. */
export const notAZip = () => Buffer.from('this is a text file, not a zip archive\n'.repeat(20));

/** A zip bomb by ratio: 20 MB of zeros in a zip of about 20 KB. */
export const ratioBomb = () => zipOf({ 'zeros.md': Buffer.alloc(20 * 1024 * 1024) });

/** Text that compresses about 8 to 1: over `bytes` unpacked, under 20 × its zip. */
export function modestlyCompressible(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let seed = 12345;
  for (let i = 0; i < bytes; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = seed & 0x10000 ? 0x61 : 0x62;
  }
  return out;
}

/** More entries than an import takes. */
export function tooManyEntries(count = 50_001): Promise<Buffer> {
  const entries: Entries = {};
  for (let i = 0; i < count; i++) entries[`${i}`] = '';
  return zipOf(entries, { compress: false });
}

/**
 * A zip whose entry is named `name` although zip writers refuse such names (`../x.md`,
 * `/etc/x.md`): written with an innocent name of the same length, then renamed in place.
 */
export async function zipNamed(name: string): Promise<Buffer> {
  const innocent = 'a'.repeat(name.length - 3) + '.md';
  const bytes = await zipOf({ [innocent]: 'escaped', 'ok.md': 'fine' });
  const from = Buffer.from(innocent);
  const to = Buffer.from(name);
  for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1))
    to.copy(bytes, at);
  return bytes;
}

/**
 * A zip bomb that lies: `zeros.md` holds `bytes` of zeros but its headers (local and central)
 * declare 100 bytes, so the archive passes the declared-size checks and must fail while read.
 */
export async function lyingSizes(bytes = 2 * 1024 * 1024): Promise<Buffer> {
  const zip = await zipOf({ 'zeros.md': Buffer.alloc(bytes), 'ok.md': 'fine' });
  const declare = (signature: number, offset: number) => {
    for (
      let at = zip.indexOf(u32(signature));
      at !== -1;
      at = zip.indexOf(u32(signature), at + 4)
    ) {
      if (zip.readUInt32LE(at + offset) === bytes) zip.writeUInt32LE(100, at + offset);
    }
  };
  declare(0x04034b50, 22); // local file header: uncompressed size
  declare(0x02014b50, 24); // central directory header: uncompressed size
  return zip;
}

/**
 * `zip` (built by zipOf) with the entry whose unpacked size is `real` declaring `declared`
 * instead, in its local and central headers: an archive that lies about one entry's size.
 */
export function declaringSize(zip: Buffer, real: number, declared: number): Buffer {
  let changed = 0;
  for (const [signature, offset] of [
    [0x04034b50, 22],
    [0x02014b50, 24],
  ] as const) {
    for (
      let at = zip.indexOf(u32(signature));
      at !== -1;
      at = zip.indexOf(u32(signature), at + 4)
    ) {
      if (zip.readUInt32LE(at + offset) === real) {
        zip.writeUInt32LE(declared, at + offset);
        changed += 1;
      }
    }
  }
  if (changed !== 2) throw new Error(`declaringSize: ${changed} headers of ${real} bytes`);
  return zip;
}

const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
};

// Kept importable without side effects; writes the fixtures when run directly.
if (process.argv[1] && path.resolve(process.argv[1]).endsWith('import-fixtures.ts')) {
  const dir = process.argv[2] ?? 'import-fixtures';
  fs.mkdirSync(dir, { recursive: true });
  void (async () => {
    fs.writeFileSync(path.join(dir, 'obsidian-vault.zip'), await zipOf(obsidianVault()));
    fs.writeFileSync(path.join(dir, 'notion-export.zip'), await zipOf(notionExport()));
    fs.writeFileSync(path.join(dir, 'not-a-zip.zip'), notAZip());
    fs.writeFileSync(path.join(dir, 'ratio-bomb.zip'), await ratioBomb());
    fs.writeFileSync(path.join(dir, 'dot-dot.zip'), await zipNamed('../evil.md'));
    fs.writeFileSync(path.join(dir, 'absolute.zip'), await zipNamed('/tmp/evil.md'));
    fs.writeFileSync(path.join(dir, 'drive-letter.zip'), await zipNamed('C:\\evil.md'));
    fs.writeFileSync(path.join(dir, 'lying-sizes.zip'), await lyingSizes());
    process.stdout.write(`fixtures written to ${dir}\n`);
  })();
}
