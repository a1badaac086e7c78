import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Collection, ContentItem, FileObject, Note } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import { unzip } from '../../zip-support';

/** GET /api/export/ (docs/api.md, "Export"), on both databases. */
let ctx: TestContext;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

/** The front matter (parsed) and the body of an exported Markdown file. */
function markdown(bytes: Buffer | undefined): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(bytes?.toString('utf8') ?? '');
  if (!match) throw new Error(`not a Markdown file with front matter: ${bytes?.toString()}`);
  return { meta: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

async function exportOf(caller: Caller) {
  const res = await caller.get('/api/export/');
  expect(res.statusCode, res.body).toBe(200);
  return { res, entries: await unzip(res.rawPayload) };
}

describe('export', () => {
  it('writes everything the caller owns in the layout of the contract', async () => {
    const tag = (await alice.post('/api/collections/tags/', { name: 'Déjà vu' })).json<{
      id: number;
    }>();
    await alice.post('/api/collections/tags/', { name: 'unused' });
    const season = (
      await alice.post('/api/collections/list/', {
        name: 'Season 2: Roads',
        description: 'Where we **drive**.',
        tags: [tag.id],
      })
    ).json<Collection>();
    const note = (
      await alice.post('/api/collections/notes/', {
        collection: season.id,
        title: 'Guest list',
        content: '- Ada\n- Grace',
        tags: ['people'],
      })
    ).json<Note>();
    const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const file = (
      await alice.upload({ name: 'map photo.png', bytes: photo, type: 'image/png' })
    ).json<FileObject>();
    const poster = (
      await alice.upload(
        { name: 'poster.txt', bytes: Buffer.from('poster') },
        { collection: String(season.id) },
      )
    ).json<FileObject>();
    const script = (
      await alice.post('/api/collections/contents-list/', {
        title: 'Cold open: "the road"',
        content: '# Intro\n\n---\n\nWe drive.',
        tags: [tag.id],
        collections: [season.id],
        files: [file.id],
        status: 'scripting',
        publish_on: '2027-03-01',
        is_public: true,
      })
    ).json<ContentItem>();
    const trashed = (
      await alice.post('/api/collections/contents-list/', { title: 'Gone', content: 'x' })
    ).json<ContentItem>();
    expect((await alice.delete(`/api/collections/contents-list/${trashed.id}/`)).statusCode).toBe(
      204,
    );

    const { res, entries } = await exportOf(alice);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = ctx.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`creator-workspace-${day}.zip`);
    expect(res.headers['cache-control']).toContain('no-store');

    const folder = `collections/season-2-roads-${season.id}`;
    expect([...entries.keys()].sort()).toEqual(
      [
        `${folder}/collection.md`,
        `${folder}/notes/guest-list-${note.id}.md`,
        `content/cold-open-the-road-${script.id}.md`,
        `files/${file.id}-map photo.png`,
        `files/${poster.id}-poster.txt`,
        'manifest.json',
      ].sort(),
    );

    const collection = markdown(entries.get(`${folder}/collection.md`));
    expect(collection.meta).toMatchObject({
      name: 'Season 2: Roads',
      tags: ['Déjà vu'],
      is_active: true,
      is_public: true,
      files: [`files/${poster.id}-poster.txt`],
    });
    expect(collection.body).toBe('Where we **drive**.');

    const noteFile = markdown(entries.get(`${folder}/notes/guest-list-${note.id}.md`));
    expect(noteFile.meta).toMatchObject({ title: 'Guest list', tags: ['people'] });
    expect(noteFile.body).toBe('- Ada\n- Grace');

    const item = markdown(entries.get(`content/cold-open-the-road-${script.id}.md`));
    expect(item.meta).toEqual({
      title: 'Cold open: "the road"',
      tags: ['Déjà vu'],
      collections: [`season-2-roads-${season.id}`],
      status: 'scripting',
      publish_on: '2027-03-01',
      is_public: true,
      created_on: script.created_on,
      updated_on: null,
      files: [`files/${file.id}-map photo.png`],
    });
    expect(item.body).toBe('# Intro\n\n---\n\nWe drive.');
    expect(entries.get(`files/${file.id}-map photo.png`)).toEqual(photo);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      format: 'creator-workspace-export',
      version: 1,
      counts: { collections: 1, notes: 1, content: 1, files: 2, tags: 2 },
      tags: ['Déjà vu', 'unused'],
      missing_files: [],
    });
  });

  it('holds only the caller’s own rows: not another person’s, not what is shared with them', async () => {
    const owner = await signedInCaller(ctx);
    const editor = await signedInCaller(ctx);
    const shared = (
      await owner.post('/api/collections/list/', { name: 'Owner only' })
    ).json<Collection>();
    await share(ctx, owner, shared.id, editor, 'editor');
    await editor.post('/api/collections/contents-list/', {
      title: 'Written by the editor',
      content: 'belongs to the owner',
      collections: [shared.id],
    });
    await editor.post('/api/collections/contents-list/', { title: 'Mine', content: 'mine' });

    const { entries } = await exportOf(editor);
    const names = [...entries.keys()];
    expect(names.filter((name) => name.startsWith('content/'))).toEqual([
      expect.stringMatching(/^content\/mine-\d+\.md$/),
    ]);
    expect(names.some((name) => name.startsWith('collections/'))).toBe(false);

    const ownerExport = await exportOf(owner);
    expect([...ownerExport.entries.keys()].filter((name) => name.startsWith('content/'))).toEqual([
      expect.stringMatching(/^content\/written-by-the-editor-\d+\.md$/),
    ]);
    const { entries: bobs } = await exportOf(bob);
    expect([...bobs.keys()]).toEqual(['manifest.json']);
  });

  it('pages through many rows and keeps every one', async () => {
    const writer = await signedInCaller(ctx);
    for (let i = 0; i < 120; i += 1) {
      const res = await writer.post('/api/collections/contents-list/', {
        title: `Item ${i}`,
        content: `Text ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const { entries } = await exportOf(writer);
    const content = [...entries.keys()].filter((name) => name.startsWith('content/'));
    expect(content).toHaveLength(120);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      counts: { content: number };
    };
    expect(manifest.counts.content).toBe(120);
  });

  it('writes every text exactly, long or short, one after another', async () => {
    // The export reuses one 64 KB buffer for the bytes of each text entry: a short text after a
    // long one, a multi-byte one, and one longer than the buffer must each come back whole.
    const writer = await signedInCaller(ctx);
    const bodies = [
      'long '.repeat(12_000).trim(),
      'short',
      'Ünïcödé 日本語の台本 🎬 '.repeat(3_000).trim(),
      'b',
      `# ${'over the buffer '.repeat(5_000)}`,
      'tiny again',
    ];
    const made: ContentItem[] = [];
    for (const [i, content] of bodies.entries()) {
      const res = await writer.post('/api/collections/contents-list/', {
        title: `Text ${i}`,
        content,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<ContentItem>());
    }
    const { entries } = await exportOf(writer);
    for (const [i, item] of made.entries()) {
      const name = [...entries.keys()].find((entry) => entry.endsWith(`-${item.id}.md`));
      expect(name).toBeDefined();
      expect(markdown(entries.get(name!)).body).toBe(bodies[i]);
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/export/' });
    expect(res.statusCode).toBe(401);
  });
});

/** POST /api/export/link/ and GET /api/export/?ticket= (docs/auth.md, "Download tickets"). */
describe('export by a download link', () => {
  async function linkOf(caller: Caller): Promise<string> {
    const res = await caller.post('/api/export/link/');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/export\/\?ticket=[\w.-]+$/);
    return url;
  }

  /** A GET of the link as a browser's download makes it: no Authorization header. */
  const follow = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  function expectTicketRefused(res: Awaited<ReturnType<typeof follow>>) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      message: 'This download link is not valid or has expired. Start the export again.',
      detail: 'This download link is not valid or has expired. Start the export again.',
      code: 'token_not_valid',
    });
  }

  it('downloads the caller’s export without the Authorization header, as an attachment', async () => {
    const owner = await signedInCaller(ctx);
    const item = (
      await owner.post('/api/collections/contents-list/', { title: 'By link', content: 'mine' })
    ).json<ContentItem>();

    const res = await follow(await linkOf(owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="creator-workspace-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [`content/by-link-${item.id}.md`, 'manifest.json'].sort(),
    );
    expect(markdown(entries.get(`content/by-link-${item.id}.md`)).body).toBe('mine');
  });

  it('asks for a signed-in caller before it gives a link', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/export/link/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses a ticket past its 60 seconds on the app’s clock', async () => {
    const url = await linkOf(alice);
    // Whole seconds (`iat` rounded down) and real time between issue and check: 58 s, then 61.
    ctx.clock.advance(58_000);
    expect((await follow(url)).statusCode).toBe(200);
    ctx.clock.advance(3_000);
    expectTicketRefused(await follow(url));
  });

  it('refuses a tampered ticket, a garbled one, an empty one, two of them and an access token', async () => {
    const url = await linkOf(alice);
    const ticket = decodeURIComponent(url.split('ticket=')[1]!);
    const [header, payload, signature] = ticket.split('.') as [string, string, string];
    // The same ticket naming Bob: the signature no longer matches.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(bob.id) })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}`,
      'not-a-ticket',
      '',
      // An access token is not a ticket (another key, another type).
      alice.access,
    ]) {
      expectTicketRefused(await follow(`/api/export/?ticket=${encodeURIComponent(bad)}`));
    }
    expectTicketRefused(await follow(`${url}&ticket=${encodeURIComponent(ticket)}`));
    // Nor is a ticket an access token.
    const asBearer = await follow('/api/export/', { authorization: `Bearer ${ticket}` });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json()).toMatchObject({ code: 'token_not_valid' });
    // The ticket still works as it was made.
    expect((await follow(url)).statusCode).toBe(200);
  });

  it('never mixes one person’s ticket with another person’s sign-in', async () => {
    const owner = await signedInCaller(ctx);
    await owner.post('/api/collections/contents-list/', { title: 'Private', content: 'x' });
    const url = await linkOf(owner);
    const other = await signedInCaller(ctx);
    const res = await follow(url, other.auth);
    expectTicketRefused(res);
    expect(res.rawPayload.includes(Buffer.from('private-'))).toBe(false);
    // With the owner's own header it is the owner's export.
    expect((await follow(url, owner.auth)).statusCode).toBe(200);
    // And the other person's own link gives only their own (empty) export.
    const theirs = await follow(await linkOf(other));
    expect([...(await unzip(theirs.rawPayload)).keys()]).toEqual(['manifest.json']);
  });

  it('refuses the ticket of a deleted account', async () => {
    const leaving = await signedInCaller(ctx);
    const url = await linkOf(leaving);
    const deleted = await leaving.post('/api/auth/delete-account/', {
      password: leaving.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectTicketRefused(await follow(url));
  });

  it('refuses the ticket of a sign-in that has ended', async () => {
    const user = await signedInCaller(ctx);
    const url = await linkOf(user);
    const refresh = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token/', payload: body });
    expect((await refresh({ refresh: user.refresh })).statusCode).toBe(200);
    expect((await follow(url)).statusCode).toBe(200);
    // The rotated refresh token presented again after 30 s ends the whole sign-in.
    ctx.clock.advance(31_000);
    expect((await refresh({ refresh: user.refresh })).statusCode).toBe(401);
    expectTicketRefused(await follow(url));
  });
});
