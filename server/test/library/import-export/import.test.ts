import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type {
  Collection,
  ContentItem,
  FileObject,
  ImportJob,
  Note,
  Paginated,
  Tag,
} from '@cw/contract';
import { collections, jobs } from '../../../src/db/schema';
import { JobFailed, JobQueue, LeaseLost, type JobRow } from '../../../src/jobs/job-queue';
import {
  ImportRepository,
  noneCreated,
} from '../../../src/library/import-export/import.repository';
import { removeStaleImportDirs } from '../../../src/library/import-export/import.service';
import { defaultFileStorage } from '../../../src/library/library.plugin';
import { createTestApp, type TestContext } from '../../helpers';
import { multipartBody, signedInCaller, uploadImport, type Caller } from '../../library-helpers';
import {
  modestlyCompressible,
  lyingSizes,
  notAZip,
  notionExport,
  obsidianVault,
  PNG,
  ratioBomb,
  tooManyEntries,
  writingRoomVault,
  zipNamed,
  zipOf,
} from '../../import-fixtures';
import { libraryRowsOf, storedFilesOf } from '../../stored-rows';
import { unzip } from '../../zip-support';

let ctx: TestContext;
beforeAll(async () => {
  // A small IMPORT_MAX_BYTES, so "unpacks beyond 4 × the limit" fits in a test, and a small
  // storage quota, so an archive whose files do not fit does too.
  ctx = await createTestApp({
    importMaxBytes: 3 * 1024 * 1024,
    storageQuotaBytes: 2 * 1024 * 1024,
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const IMPORT = '/api/import/';

const upload = (caller: Caller, bytes: Buffer) => uploadImport(ctx, caller, bytes);

/** Uploads, runs the job to its end, and answers the import as GET /api/import/{id}/ does. */
async function importZip(caller: Caller, bytes: Buffer): Promise<ImportJob> {
  const started = await upload(caller, bytes);
  expect(started.statusCode, started.body).toBe(202);
  const job = started.json<ImportJob>();
  expect(job.status).toBe('queued');
  await ctx.jobs.runDue();
  const answer = await caller.get(`${IMPORT}${job.id}/`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ImportJob>();
}

const rowsOf = (userId: number) => libraryRowsOf(ctx, userId);
const storedFiles = () => storedFilesOf(ctx);

const list = async <T>(caller: Caller, url: string) =>
  (await caller.get(url)).json<Paginated<T>>().results;

/**
 * Maps the ids of one export onto another's: the n-th collection, note, item and file of the
 * first (by id) is the n-th of the second. Everything else must then be byte for byte the same,
 * dates aside, so an item linked to the wrong one of two same-named collections shows.
 */
function exportsMapped(first: Map<string, Buffer>, second: Map<string, Buffer>) {
  const idsOf = (entries: Map<string, Buffer>, pattern: RegExp) =>
    [
      ...new Set(
        [...entries.keys()].flatMap((name) => {
          const id = pattern.exec(name)?.[1];
          return id ? [Number(id)] : [];
        }),
      ),
    ].sort((a, b) => a - b);
  const patterns = {
    collections: /^collections\/.*-(\d+)\/collection\.md$/,
    notes: /^collections\/.*-\d+\/notes\/.*-(\d+)\.md$/,
    contents: /^content\/.*-(\d+)\.md$/,
    files: /^files\/(\d+)-/,
  };
  const maps = Object.fromEntries(
    Object.entries(patterns).map(([kind, pattern]) => {
      const before = idsOf(first, pattern);
      const after = idsOf(second, pattern);
      expect(after.length, kind).toBe(before.length);
      return [kind, new Map(before.map((id, at) => [String(id), String(after[at])]))];
    }),
  ) as Record<keyof typeof patterns, Map<string, string>>;
  const to = (kind: keyof typeof patterns) => (id: string) => maps[kind].get(id) ?? `?${id}`;

  const renamed = (name: string) =>
    name
      .replace(
        /^(collections\/.*-)(\d+)(\/)/,
        (_m, a: string, id: string, b: string) => a + to('collections')(id) + b,
      )
      .replace(
        /(\/notes\/.*-)(\d+)(\.md)$/,
        (_m, a: string, id: string, b: string) => a + to('notes')(id) + b,
      )
      .replace(
        /^(content\/.*-)(\d+)(\.md)$/,
        (_m, a: string, id: string, b: string) => a + to('contents')(id) + b,
      )
      .replace(/^files\/(\d+)-/, (_m, id: string) => `files/${to('files')(id)}-`);
  const withoutDates = (text: string) => text.replace(/^(created_on|updated_on): .*\n/gm, '');
  const rewritten = (text: string) => {
    let key = '';
    return text
      .split('\n')
      .map((line) => {
        key = /^(\w+):/.exec(line)?.[1] ?? key;
        const collection = /^(\s+- .*-)(\d+)$/.exec(line);
        if (key === 'collections' && collection)
          return collection[1]! + to('collections')(collection[2]!);
        return line
          .replace(/files\/(\d+)-/g, (_m, id: string) => `files/${to('files')(id)}-`)
          .replace(
            /\/api\/collections\/files\/(\d+)\/download\//g,
            (_m, id: string) => `/api/collections/files/${to('files')(id)}/download/`,
          );
      })
      .join('\n');
  };
  const normalised = (entries: Map<string, Buffer>, map: boolean) =>
    new Map(
      [...entries]
        .filter(([name]) => name !== 'manifest.json')
        .map(([name, bytes]) =>
          name.endsWith('.md')
            ? [
                map ? renamed(name) : name,
                withoutDates(map ? rewritten(bytes.toString('utf8')) : bytes.toString('utf8')),
              ]
            : [map ? renamed(name) : name, bytes.toString('base64')],
        ),
    );
  return { before: normalised(first, true), after: normalised(second, false) };
}

describe('import: the product’s own export', () => {
  it('export → import into an empty account → export gives the same files (ids and dates aside)', async () => {
    const alice = await signedInCaller(ctx);
    const tag = (await alice.post('/api/collections/tags/', { name: 'sponsors' })).json<Tag>();
    await alice.post('/api/collections/tags/', { name: 'unused tag' });
    const travel = (await alice.post('/api/collections/tags/', { name: '旅行' })).json<Tag>();
    const collection = async (body: object) => {
      const res = await alice.post('/api/collections/list/', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Collection>();
    };
    // Two collections of the same name, an inactive one, and one with a non-Latin, emoji name.
    const season = await collection({
      name: 'Season 3',
      description: 'The plan.',
      tags: [tag.id],
      is_public: false,
    });
    const twin = await collection({ name: 'Season 3', description: 'The other plan.' });
    const archive = await collection({ name: 'Archive', is_active: false });
    const japan = await collection({ name: '日本 🗾 Reise', tags: [travel.id] });
    for (const [id, title, content, tags] of [
      [season.id, 'Packing list', '- Camera\n- Tripod', ['gear']],
      [twin.id, 'Packing list', '- Drone', []],
      [japan.id, 'Ideen 💡', 'Tempel in Kyōto', ['旅行', 'ideas']],
    ] as const) {
      const res = await alice.post('/api/collections/notes/', {
        collection: id,
        title,
        content,
        tags,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const content = async (body: object) => {
      const res = await alice.post('/api/collections/contents-list/', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ContentItem>();
    };
    // An item in both twins, one of the same title in one twin only, one in none, one in the
    // inactive collection.
    const both = await content({
      title: 'Cold open',
      content: '# Intro\n\nWe leave at dawn. 東京 🚀',
      tags: [tag.id],
      collections: [season.id, twin.id],
      status: 'recording',
      publish_on: '2026-12-24',
    });
    const same = await content({
      title: 'Cold open',
      content: 'Another take.',
      collections: [twin.id],
      is_public: true,
    });
    const loose = await content({
      title: '東京 🚀 ノート',
      content: 'Нет коллекции. 🌸',
      tags: [travel.id],
    });
    await content({ title: 'Old idea', content: 'Shelved.', collections: [archive.id] });
    const upload = async (name: string, bytes: Buffer, fields: Record<string, string>) => {
      const res = await alice.upload({ name, bytes, type: 'application/octet-stream' }, fields);
      expect(res.statusCode, res.body).toBe(201);
    };
    // Files of items and collections, interleaved, with repeated and non-Latin names.
    await upload('cue sheet.txt', Buffer.from('cue one'), { content: String(both.id) });
    await upload('logo.png', Buffer.from('png bytes'), { collection: String(season.id) });
    await upload('写真 📷.png', randomBytes(64), { content: String(loose.id) });
    await upload('cue sheet.txt', Buffer.from('cue two'), { content: String(same.id) });
    await upload('logo.png', Buffer.from('other png'), { collection: String(twin.id) });

    const first = await alice.get('/api/export/');
    expect(first.statusCode).toBe(200);
    const bob = await signedInCaller(ctx);
    const job = await importZip(bob, first.rawPayload);
    expect(job).toMatchObject({
      status: 'done',
      created: { collections: 4, content: 4, notes: 3, tags: 3, files: 5 },
      errors: [],
    });
    expect(job.processed).toBe(job.total);

    const again = await bob.get('/api/export/');
    const firstEntries = await unzip(first.rawPayload);
    const againEntries = await unzip(again.rawPayload);
    const { before, after } = exportsMapped(firstEntries, againEntries);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, text] of before) expect(after.get(name), name).toBe(text);
    const manifest = (entries: Map<string, Buffer>) => {
      const parsed = JSON.parse(entries.get('manifest.json')!.toString()) as Record<
        string,
        unknown
      >;
      delete parsed.exported_on;
      return parsed;
    };
    expect(manifest(againEntries)).toEqual(manifest(firstEntries));
    expect(manifest(againEntries).tags).toEqual(['sponsors', 'unused tag', '旅行']);
    // An item imported public has its imported text as its published version (decision 229).
    const imported = (await bob.get('/api/collections/contents-list/?page_size=50')).json<{
      results: ContentItem[];
    }>().results;
    for (const item of imported) {
      expect(item.published_version === null, item.title).toBe(!item.is_public);
    }
  });
});

describe('import: an Obsidian vault', () => {
  it('makes a collection per folder, items with front matter and inline tags, and embedded files', async () => {
    const carol = await signedInCaller(ctx);
    const job = await importZip(carol, await zipOf(obsidianVault()));
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    expect(job.errors).toEqual([
      {
        path: 'My Vault/Season 2/Episodes/Broken.md',
        message: 'The front matter is not valid YAML; the note was imported without it.',
      },
    ]);
    const names = (await list<Collection>(carol, '/api/collections/list/?page_size=50'))
      .map((c) => c.name)
      .sort();
    expect(names).toEqual(['Archive', 'Notizen', 'Season 2', 'Season 2 / Episodes']);
    const items = await list<ContentItem>(carol, '/api/collections/contents-list/?page_size=50');
    expect(items.map((i) => i.title).sort()).toEqual(
      ['Broken', 'Ideas', 'Ideas', 'Pilot', 'Welcome', 'Über uns 🚀'].sort(),
    );
    const ideas = items.find(
      (i) => i.title === 'Ideas' && i.collections_named_list[0]?.name === 'Season 2',
    )!;
    expect(ideas.tags_named_list.map((t) => t.name).sort()).toEqual(['Guests', 'food', 'podcast']);
    expect(ideas.files.map((f) => f.name)).toEqual(['cover.png']);
    expect(ideas.files[0]!.content_type).toBe('image/png');
    // Embeds read as the room's images, of the file the import attached (decision 218).
    expect(ideas.content).toContain(`\n![cover](${ideas.files[0]!.url})\n`);
    expect(ideas.content).not.toContain('![[');
    const pilot = items.find((i) => i.title === 'Pilot')!;
    expect(pilot.tags_named_list.map((t) => t.name).sort()).toEqual(['pilot', 'podcast']);
    expect(pilot.files.map((f) => f.name)).toEqual(['flow chart.png']);
    expect(pilot.content).toContain(`\n![diagram](${pilot.files[0]!.url})\n`);
    expect(pilot.content).not.toContain('flow%20chart');
    const welcome = items.find((i) => i.title === 'Welcome')!;
    expect(welcome.collections).toEqual([]);
    expect(welcome.tags_named_list.map((t) => t.name)).toEqual(['inbox']);
    // An embed of nothing in the vault stays as written.
    expect(welcome.content).toContain('![[missing.png]]');
    const japanese = items.find((i) => i.title === 'Über uns 🚀')!;
    expect(japanese.tags_named_list.map((t) => t.name)).toEqual(['旅行']);
    const broken = items.find((i) => i.title === 'Broken')!;
    expect(broken.content).toBe('Still imported.\n');
    // Obsidian's settings folder and files no note embeds are left out.
    const allFiles = await list<FileObject>(carol, '/api/collections/files/?page_size=50');
    expect(allFiles.map((f) => f.name).sort()).toEqual(['cover.png', 'flow chart.png']);
  });
});

describe('import: a vault of the writing room (decision 218)', () => {
  it('keeps wikilinks as the titles of the items made, embeds as images of the attached files, callouts, and publish dates', async () => {
    const erin = await signedInCaller(ctx);
    const job = await importZip(erin, await zipOf(writingRoomVault()));
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    expect(job.errors).toEqual([
      {
        path: 'Room/Drafts/Chapter one.md',
        message:
          'The date "not a date" is not a date; the item was imported without a publish date.',
      },
      {
        path: 'Room/Drafts/Ideas.md',
        message:
          'The date "2026-02-30" is not a date; the item was imported without a publish date.',
      },
    ]);
    const items = await list<ContentItem>(erin, '/api/collections/contents-list/?page_size=50');
    const byTitle = new Map(items.map((item) => [item.title, item]));
    expect([...byTitle.keys()].sort()).toEqual(['Chapter one', 'Home', 'Ideas', 'The plan']);
    const home = byTitle.get('Home')!;
    expect(home.files.map((f) => f.name)).toEqual(['desk-setup.png']);
    const desk = home.files[0]!.url;
    // Measured as an upload is (decision 213): the fixture's PNG is 1 × 1.
    expect(home.files[0]).toMatchObject({ width: 1, height: 1 });
    expect(desk).toBe(`/api/collections/files/${home.files[0]!.id}/download/`);
    expect(home.content).toBe(
      '# Home\n\nSee [[The plan]], [[Chapter one|the first chapter]], [[The plan]] and [[Nowhere]].\n\n' +
        `![desk-setup](${desk})\n![desk-setup](${desk})\n![Desk](${desk})\n[[The plan]]\n\n` +
        '> [!tip] Keep going\n> A callout stays.\n',
    );
    expect(home.publish_on).toBe('2026-03-01');
    const plan = byTitle.get('The plan')!;
    expect(plan.publish_on).toBe('2026-04-02');
    // A file that is not an image is a link to it.
    expect(plan.files.map((f) => f.name)).toEqual(['brief.pdf']);
    expect(plan.content).toBe(`Goals. [brief](${plan.files[0]!.url})\n`);
    expect(byTitle.get('Chapter one')!.content).toBe('Chapter text, back to [[Home]].\n');
    expect(byTitle.get('Chapter one')!.publish_on).toBeNull();
    expect(byTitle.get('Ideas')!.publish_on).toBeNull();
    // The image's bytes are the vault's.
    const download = await erin.get(desk);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('import: the same archive again (decision 218)', () => {
  it('skips what is unchanged, updates a changed item as an edit, and makes what is new', async () => {
    const frank = await signedInCaller(ctx);
    const vault = writingRoomVault();
    const first = await importZip(frank, await zipOf(vault));
    expect(first).toMatchObject({ status: 'done', updated: 0, skipped: 0 });
    expect(first.created).toMatchObject({ collections: 1, content: 4, files: 2 });
    const rows = await rowsOf(frank.id);

    const again = await importZip(frank, await zipOf(vault));
    expect(again.status).toBe('done');
    expect(again.created).toEqual({ collections: 0, content: 0, notes: 0, tags: 0, files: 0 });
    // The Drafts collection and the four items.
    expect(again).toMatchObject({ updated: 0, skipped: 5 });
    expect(await rowsOf(frank.id)).toEqual(rows);

    const items = await list<ContentItem>(frank, '/api/collections/contents-list/?page_size=50');
    const home = items.find((item) => item.title === 'Home')!;
    const changed = {
      ...vault,
      'Room/Home.md': `${vault['Room/Home.md'] as string}\nA new line. ![[desk-setup.png]] ![[cover.png]]\n`,
      'Room/attachments/cover.png': PNG,
      'Room/Drafts/New.md': 'Brand new, see [[Home]].\n',
    };
    const third = await importZip(frank, await zipOf(changed));
    expect(third.status, JSON.stringify(third.errors)).toBe('done');
    expect(third.created).toMatchObject({ collections: 0, content: 1, files: 1 });
    expect(third).toMatchObject({ updated: 1, skipped: 4 });
    const after = await rowsOf(frank.id);
    expect(after).toEqual({ ...rows, contents: rows.contents + 1, files: rows.files + 1 });

    // The same item, its text updated: the old text kept as a version, the new text showing the
    // file it had (not a copy) and the new one.
    const updated = (
      await frank.get(`/api/collections/contents-list/${home.id}/`)
    ).json<ContentItem>();
    expect(updated.files.map((f) => f.name).sort()).toEqual(['cover.png', 'desk-setup.png']);
    const desk = updated.files.find((f) => f.name === 'desk-setup.png')!;
    const cover = updated.files.find((f) => f.name === 'cover.png')!;
    expect(desk.id).toBe(home.files[0]!.id);
    expect(updated.content).toBe(
      `${home.content}\nA new line. ![desk-setup](${desk.url}) ![cover](${cover.url})\n`,
    );
    const versions = (await frank.get(`/api/collections/contents-list/${home.id}/versions/`)).json<{
      results: { id: number }[];
    }>().results;
    expect(versions.length).toBeGreaterThan(0);
    const kept = (
      await frank.get(`/api/collections/contents-list/${home.id}/versions/${versions[0]!.id}/`)
    ).json<{ content: string }>();
    expect(kept.content).toBe(home.content);

    // Once more, the changed archive: nothing left to do.
    const fourth = await importZip(frank, await zipOf(changed));
    expect(fourth).toMatchObject({ updated: 0, skipped: 6 });
    expect(await rowsOf(frank.id)).toEqual(after);
  });

  it('counts against the storage quota only the files it stores again', async () => {
    const ivy = await signedInCaller(ctx);
    // 1.5 MB of the 2 MB quota: a second copy would not fit.
    const vault = {
      'Big/Note.md': 'The big one: ![[big.png]]\n',
      'Big/big.png': randomBytes(1536 * 1024),
    };
    expect((await importZip(ivy, await zipOf(vault))).status).toBe('done');
    const again = await importZip(ivy, await zipOf(vault));
    expect(again).toMatchObject({ status: 'done', skipped: 1 });
    // A changed note that embeds it still has it; a new note that embeds it needs a copy.
    const changed = await importZip(
      ivy,
      await zipOf({ ...vault, 'Big/Note.md': 'Changed: ![[big.png]]\n' }),
    );
    expect(changed).toMatchObject({ status: 'done', updated: 1 });
    const other = await importZip(
      ivy,
      await zipOf({ ...vault, 'Big/Other.md': 'Me too: ![[big.png]]\n' }),
    );
    expect(other.status).toBe('failed');
    expect(other.errors).toEqual([
      {
        path: '',
        message: 'The files in the archive do not fit in your storage. Delete some files first.',
      },
    ]);
    expect((await rowsOf(ivy.id)).files).toBe(1);
  });

  it('round-trips a vault: import, export, import elsewhere gives the same texts, images and links, and a second import no duplicates', async () => {
    const gina = await signedInCaller(ctx);
    const hugo = await signedInCaller(ctx);
    expect((await importZip(gina, await zipOf(writingRoomVault()))).status).toBe('done');
    // A note and a collection's description show files too: a collection's own, and an item's.
    const [drafts] = await list<Collection>(gina, '/api/collections/list/');
    const own = (
      await gina.upload({ name: 'poster.png', bytes: PNG }, { collection: String(drafts!.id) })
    ).json<FileObject>();
    const ginaItems = await list<ContentItem>(gina, '/api/collections/contents-list/?page_size=50');
    const deskUrl = ginaItems.find((item) => item.title === 'Home')!.files[0]!.url;
    expect(
      (
        await gina.patch(`/api/collections/list/${drafts!.id}/`, {
          description: `The poster: ![poster](${own.url})`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await gina.post('/api/collections/notes/', {
          collection: drafts!.id,
          title: 'Desk',
          content: `![desk](${deskUrl}) and ![poster](${own.url})`,
        })
      ).statusCode,
    ).toBe(201);
    const exported = await gina.get('/api/export/');
    expect(exported.statusCode).toBe(200);
    const job = await importZip(hugo, exported.rawPayload);
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    const again = await hugo.get('/api/export/');
    const { before, after } = exportsMapped(
      await unzip(exported.rawPayload),
      await unzip(again.rawPayload),
    );
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, text] of before) expect(after.get(name), name).toBe(text);

    // The images show Hugo's own copies of the files.
    const items = await list<ContentItem>(hugo, '/api/collections/contents-list/?page_size=50');
    const home = items.find((item) => item.title === 'Home')!;
    expect(home.content).toContain(`![desk-setup](${home.files[0]!.url})`);
    expect(home.content).toContain('[[The plan]]');
    const image = await hugo.get(home.files[0]!.url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const [hugoNote] = await list<Note>(hugo, '/api/collections/notes/?page_size=50');
    const poster = (await list<FileObject>(hugo, '/api/collections/files/?page_size=50')).find(
      (file) => file.name === 'poster.png',
    )!;
    expect(hugoNote!.content).toBe(`![desk](${home.files[0]!.url}) and ![poster](${poster.url})`);

    // The links resolve to Hugo's own items, both ways (docs/api.md, "Links between items").
    const plan = items.find((item) => item.title === 'The plan')!;
    const links = (await hugo.get(`/api/collections/contents-list/${home.id}/links/`)).json<{
      results: { text: string; target: { id: number; title: string } | null }[];
    }>();
    expect(links.results).toContainEqual({
      text: 'the plan',
      target: { id: plan.id, title: 'The plan' },
    });
    const backlinks = await list<{ id: number }>(
      hugo,
      `/api/collections/contents-list/${plan.id}/backlinks/`,
    );
    expect(backlinks.map((item) => item.id)).toContain(home.id);

    const rows = await rowsOf(hugo.id);
    const second = await importZip(hugo, exported.rawPayload);
    expect(second.created).toEqual({ collections: 0, content: 0, notes: 0, tags: 0, files: 0 });
    expect(second.updated).toBe(0);
    expect(await rowsOf(hugo.id)).toEqual(rows);
    const linksAgain = (await hugo.get(`/api/collections/contents-list/${home.id}/links/`)).json<{
      results: unknown[];
    }>();
    expect(linksAgain.results).toEqual(links.results);
  });
});

describe('import: a Notion export', () => {
  it('drops the 32-hex-digit suffixes, skips CSV tables and keeps embedded images', async () => {
    const dave = await signedInCaller(ctx);
    const job = await importZip(dave, await zipOf(notionExport()));
    expect(job.status, JSON.stringify(job.errors)).toBe('done');
    const items = await list<ContentItem>(dave, '/api/collections/contents-list/?page_size=50');
    expect(items.map((i) => i.title).sort()).toEqual(['Café ☕', 'Roadmap', 'Sub page']);
    const names = (await list<Collection>(dave, '/api/collections/list/')).map((c) => c.name);
    expect(names).toEqual(['Roadmap']);
    const roadmap = items.find((i) => i.title === 'Roadmap')!;
    expect(roadmap.files.map((f) => f.name)).toEqual(['launch.png']);
    // The image embed reads as the room's image of the attached file (decision 218).
    expect(roadmap.content).toContain(`\n![launch](${roadmap.files[0]!.url})\n`);
    expect(roadmap.content).not.toContain('launch.png)');
    // The page's Tags property became tags; a Tags: line that is only text did not.
    expect(roadmap.tags_named_list.map((t) => t.name).sort()).toEqual(['Q1 launch', 'planning']);
    const cafe = items.find((i) => i.title === 'Café ☕')!;
    expect(cafe.tags_named_list).toEqual([]);
    const sub = items.find((i) => i.title === 'Sub page')!;
    expect(sub.collections_named_list.map((c) => c.name)).toEqual(['Roadmap']);
    expect(sub.tags_named_list.map((t) => t.name)).toEqual(['q1']);
  });
});

describe('import: bad archives end failed with a clear error and leave nothing behind', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string][] = [
    ['a file that is not a zip', notAZip, 'The file is not a zip archive.'],
    ['a zip bomb by ratio', ratioBomb, 'The archive unpacks to more than 20 times its size.'],
    [
      'a zip that unpacks beyond 4 × IMPORT_MAX_BYTES',
      () => zipOf({ 'big.md': modestlyCompressible(13 * 1024 * 1024) }),
      'The archive unpacks to more than 12 MB.',
    ],
    [
      'notes holding more text than IMPORT_MAX_BYTES (the plan keeps it in memory)',
      () =>
        zipOf({
          'Vault/one.md': modestlyCompressible(2 * 1024 * 1024),
          'Vault/two.md': modestlyCompressible(2 * 1024 * 1024),
        }),
      'The notes in the archive hold more than 3 MB of text.',
    ],
    ['a ../ path', () => zipNamed('../evil.md'), 'The archive names a path outside itself.'],
    [
      'an absolute path',
      () => zipNamed('/tmp/evil.md'),
      'The archive names a path outside itself.',
    ],
    [
      'a Windows drive path',
      () => zipNamed('C:\\evil.md'),
      'The archive names a path outside itself.',
    ],
    [
      'a path from the root with a backslash',
      () => zipNamed('\\evil.md'),
      'The archive names a path outside itself.',
    ],
    ['a zip bomb that lies about its sizes', () => lyingSizes(), 'The archive is damaged.'],
    [
      'files that do not fit in the storage quota',
      async () =>
        zipOf({
          'Vault/a.md': 'Before the big one.\n\n![[big.bin]]\n',
          'Vault/big.bin': randomBytes(2 * 1024 * 1024 + 1),
          'Vault/b.md': 'After.\n',
        }),
      'The files in the archive do not fit in your storage. Delete some files first.',
    ],
  ];
  it.each(cases)(
    '%s',
    async (_what, make, message) => {
      const erin = await signedInCaller(ctx);
      const storedBefore = storedFiles().length;
      const job = await importZip(erin, await make());
      expect(job.status).toBe('failed');
      expect(job.errors.map((e) => e.message)).toContain(message);
      expect(await rowsOf(erin.id)).toEqual({
        collections: 0,
        contents: 0,
        notes: 0,
        tags: 0,
        files: 0,
      });
      expect(storedFiles().length).toBe(storedBefore);
    },
    60_000,
  );
});

describe('import: what is left out, with an error by path, while the rest is imported', () => {
  it('a note over 4 MB', async () => {
    const mia = await signedInCaller(ctx);
    const job = await importZip(
      mia,
      await zipOf({
        'Vault/Huge.md': modestlyCompressible(4 * 1024 * 1024 + 1),
        'Vault/Small.md': 'Kept.\n',
      }),
    );
    expect(job.status).toBe('done');
    expect(job.errors).toEqual([
      { path: 'Vault/Huge.md', message: 'The note is larger than 4 MB; it was left out.' },
    ]);
    const items = await list<ContentItem>(mia, '/api/collections/contents-list/');
    expect(items.map((i) => i.title)).toEqual(['Small']);
  });
});

describe('import: temporary folders', () => {
  it('at start-up, those of processes that are gone are removed; this one’s and live ones stay', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-test-stale-'));
    try {
      const dead = 2 ** 22 + 12_345; // above Linux's default pid_max: no such process
      for (const name of [
        `cw-import-${dead}-abc123`,
        `cw-import-${process.pid}-abc123`,
        `cw-import-${process.ppid}-abc123`,
        'cw-import-legacy',
        'cw-import-old',
        'something-else',
      ]) {
        fs.mkdirSync(path.join(tmp, name));
        fs.writeFileSync(path.join(tmp, name, 'archive.zip'), 'zip');
      }
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
      fs.utimesSync(path.join(tmp, 'cw-import-old'), dayAgo, dayAgo);
      expect(removeStaleImportDirs(ctx.app.log, tmp)).toBe(2);
      expect(fs.readdirSync(tmp).sort()).toEqual(
        [
          `cw-import-${process.pid}-abc123`,
          `cw-import-${process.ppid}-abc123`,
          'cw-import-legacy',
          'something-else',
        ].sort(),
      );
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('import: the call', () => {
  it('refuses a body with no file (400) and a zip over IMPORT_MAX_BYTES (413), keeping nothing', async () => {
    const frank = await signedInCaller(ctx);
    const storedBefore = storedFiles().length;
    const { body, contentType } = multipartBody(null, { note: 'x' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { ...frank.auth, 'content-type': contentType },
      payload: body,
    });
    expect(none.statusCode, none.body).toBe(400);
    const big = await upload(frank, Buffer.alloc(3 * 1024 * 1024 + 10, 1));
    expect(big.statusCode, big.body).toBe(413);
    expect(storedFiles().length).toBe(storedBefore);
    expect(
      (await ctx.database.db.select({ n: count() }).from(jobs).where(eq(jobs.userId, frank.id)))[0]!
        .n,
    ).toBe(0);
  });

  it('is the importing person’s only: another person’s import id is a 404', async () => {
    const grace = await signedInCaller(ctx);
    const heidi = await signedInCaller(ctx);
    const started = (await upload(grace, await zipOf({ 'a.md': 'hello' }))).json<ImportJob>();
    expect((await heidi.get(`${IMPORT}${started.id}/`)).statusCode).toBe(404);
    expect((await grace.get(`${IMPORT}${started.id}/`)).statusCode).toBe(200);
    expect((await grace.get(`${IMPORT}999999/`)).statusCode).toBe(404);
    await ctx.jobs.runDue();
  });

  it('a job held by a live worker is left alone; once its lease runs out (the worker died) it is taken again, undoes what it made and ends failed', async () => {
    const ivan = await signedInCaller(ctx);
    // As if a worker had claimed an import, written one collection, and then died (kill -9).
    const made = (
      await ivan.post('/api/collections/list/', { name: 'Half an import' })
    ).json<Collection>();
    const [row] = await ctx.database.db
      .insert(jobs)
      .values({
        kind: 'import',
        userId: ivan.id,
        status: 'running',
        attempts: 1,
        leaseUntil: sql`now() + interval '1 minute'`,
        payload: { storageKey: '0'.repeat(32), size: 1 },
        result: {
          created_ids: { collections: [made.id], notes: [], contents: [], tags: [], files: [] },
        },
      })
      .returning();
    await ctx.jobs.runDue();
    expect((await ivan.get(`${IMPORT}${row!.id}/`)).json<ImportJob>().status).toBe('running');

    await ctx.database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, row!.id));
    await ctx.jobs.runDue();
    const job = (await ivan.get(`${IMPORT}${row!.id}/`)).json<ImportJob>();
    expect(job.status).toBe('failed');
    expect(job.errors.map((e) => e.message)).toContain(
      'The import was interrupted; nothing of it was kept. Please try again.',
    );
    expect(await rowsOf(ivan.id)).toMatchObject({ collections: 0 });
  });
});

describe('import: a worker cut off leaves no stored bytes behind', () => {
  /** Lets the lease of job `id` run out now (leases are on the database's clock). */
  const lapse = (id: number) =>
    ctx.database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));

  it('bytes stored before their row (kill -9 between the two) are found by the undo: the file store ends empty', async () => {
    const judy = await signedInCaller(ctx);
    const storedBefore = storedFiles();
    // A real import of a vault with files, to have what a worker writes: rows and stored bytes.
    const done = await importZip(judy, await zipOf(obsidianVault()));
    expect(done.created.files).toBe(2);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, done.id));
    const recorded = row!.result.created_ids as ReturnType<typeof noneCreated>;
    expect(recorded.files).toHaveLength(2);
    // The moment of the kill: the next batch's keys were recorded (committed), their bytes
    // stored, and the process died before the batch with their rows committed.
    const storage = defaultFileStorage(ctx.config.dataDir);
    const orphan = storage.newKey();
    await storage.write(orphan, Readable.from([Buffer.from('bytes of no row')]), 100);
    await ctx.database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        leaseUntil: sql`now() - interval '1 second'`,
        result: { created_ids: { ...recorded, keys: [orphan] } },
      })
      .where(eq(jobs.id, done.id));
    expect(storedFiles().length).toBe(storedBefore.length + 3);

    await ctx.jobs.runDue();
    const job = (await judy.get(`${IMPORT}${done.id}/`)).json<ImportJob>();
    expect(job.status).toBe('failed');
    expect(await rowsOf(judy.id)).toEqual({
      collections: 0,
      contents: 0,
      notes: 0,
      tags: 0,
      files: 0,
    });
    expect(storedFiles()).toEqual(storedBefore);
  });

  it('an upload cut off before its job was queued is found too: its held job is claimed, the bytes removed, and it ends failed', async () => {
    const ken = await signedInCaller(ctx);
    const storedBefore = storedFiles();
    const storage = defaultFileStorage(ctx.config.dataDir);
    const key = storage.newKey();
    // POST /api/import/ holds a job naming the key before a byte is stored; then the process died.
    const held = await ctx.jobs.hold({
      kind: 'import',
      userId: ken.id,
      payload: { storageKey: key },
    });
    await storage.write(key, Readable.from([await zipOf({ 'a.md': 'half' })]), 1_000_000);
    expect((await ken.get(`${IMPORT}${held.id}/`)).json<ImportJob>().status).toBe('queued');
    await ctx.jobs.runDue();
    expect((await ken.get(`${IMPORT}${held.id}/`)).json<ImportJob>().status).toBe('queued');
    await lapse(held.id);
    await ctx.jobs.runDue();
    const job = (await ken.get(`${IMPORT}${held.id}/`)).json<ImportJob>();
    expect(job.status).toBe('failed');
    expect(job.errors.map((e) => e.message)).toContain(
      'The import was interrupted; nothing of it was kept. Please try again.',
    );
    expect(storedFiles()).toEqual(storedBefore);
  });

  it('a worker whose lease lapsed and whose job another claimed can neither record, report nor finish: it writes nothing', async () => {
    const liam = await signedInCaller(ctx);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let claimed!: (job: JobRow) => void;
    const started = new Promise<JobRow>((resolve) => (claimed = resolve));
    const seen: { report?: unknown; recorded?: boolean } = {};
    ctx.jobs.handle('fence-test', async (job, tools) => {
      claimed(job);
      await gate;
      // The stalled worker wakes up: a batch of its own, fenced by its claim.
      await ctx.database.db
        .transaction(async (tx) => {
          await tx.insert(collections).values({ userId: liam.id, name: 'Written too late' });
          seen.recorded = await new ImportRepository(tx).record(job, noneCreated(), 7);
          if (!seen.recorded) throw new LeaseLost(job.id);
        })
        .catch(() => undefined);
      seen.report = await tools.report({ processed: 9 }).catch((error: unknown) => error);
      // Returning normally asks the queue to end the job `done`.
    });
    const queued = await ctx.jobs.enqueue({ kind: 'fence-test', userId: liam.id });
    const first = await started;
    expect(first.id).toBe(queued!.id);
    expect(first.attempts).toBe(1);

    // Its lease runs out; another instance claims the job (a second attempt) and fails it.
    await lapse(first.id);
    const other = new JobQueue(ctx.database.db, ctx.app.log, 120);
    other.handle('fence-test', async (job) => {
      expect(job.attempts).toBe(2);
      throw new JobFailed([{ path: '', message: 'Taken over.' }]);
    });
    await other.runDue();

    release();
    await ctx.jobs.runDue();
    expect(seen.recorded).toBe(false);
    expect(seen.report).toBeInstanceOf(LeaseLost);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, first.id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      processed: 0,
      errors: [{ path: '', message: 'Taken over.' }],
    });
    expect(row!.result).toEqual({});
    expect(await rowsOf(liam.id)).toMatchObject({ collections: 0 });
  });
});

describe('import: more than 50,000 entries', () => {
  it('ends failed with a clear error and leaves nothing behind', async () => {
    const big = await createTestApp({ importMaxBytes: 20 * 1024 * 1024 });
    try {
      const saved = ctx;
      ctx = big;
      try {
        const erin = await signedInCaller(ctx);
        const job = await importZip(erin, await tooManyEntries());
        expect(job.status).toBe('failed');
        expect(job.errors.map((e) => e.message)).toContain(
          'The archive holds more than 50,000 entries.',
        );
        expect(await rowsOf(erin.id)).toEqual({
          collections: 0,
          contents: 0,
          notes: 0,
          tags: 0,
          files: 0,
        });
        // Not even the uploaded zip is kept.
        expect(storedFiles()).toEqual([]);
      } finally {
        ctx = saved;
      }
    } finally {
      await big.close();
      fs.rmSync(big.config.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the trash purge as a job', () => {
  it('runs once per slot by the clock, whoever queues it', async () => {
    const kim = await signedInCaller(ctx);
    const note = (await kim.post('/api/collections/list/', { name: 'Old' })).json<Collection>();
    await kim.delete(`/api/collections/list/${note.id}/`);
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    const first = await ctx.jobs.enqueue({ kind: 'purge', runKey: 'purge:test-slot' });
    expect(first).toBeDefined();
    expect(await ctx.jobs.enqueue({ kind: 'purge', runKey: 'purge:test-slot' })).toBeUndefined();
    await ctx.jobs.runDue();
    const trash = (await kim.get('/api/trash/')).json<Paginated<unknown>>();
    expect(trash.count).toBe(0);
    const [row] = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.runKey, 'purge:test-slot'));
    expect(row?.status).toBe('done');
  });
});

export type { Note };
