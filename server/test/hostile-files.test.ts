import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, FileObject } from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { share } from './sharing-helpers';

/**
 * Files that can run script (docs/auth.md, "Hostile input"; decisions 190 and 191): no download
 * answer is ever a page of this origin, and a PDF preview's frame is the one inline answer.
 */
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

/** An SVG whose script would leave marks if a browser ever ran it as a page. */
const HOSTILE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" ' +
    'onload="document.title=localStorage.getItem(\'refresh_token\')">' +
    '<script>alert(document.domain)</script><rect width="40" height="40"/></svg>',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n',
);

/** Every kind of file that can run script, and a few that cannot. */
const ACTIVE: { name: string; type: string; bytes: Buffer }[] = [
  { name: 'pwn.svg', type: 'image/svg+xml', bytes: HOSTILE_SVG },
  { name: 'pwn.html', type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') },
  { name: 'pwn.xhtml', type: 'application/xhtml+xml', bytes: HOSTILE_SVG },
  { name: 'pwn.xml', type: 'application/xml', bytes: HOSTILE_SVG },
  { name: 'pwn.png', type: 'image/png', bytes: HOSTILE_SVG },
  { name: 'pwn', type: 'application/octet-stream', bytes: HOSTILE_SVG },
  { name: 'outline.pdf', type: 'application/pdf', bytes: PDF },
];

async function upload(caller: Caller, file: { name: string; type: string; bytes: Buffer }) {
  const res = await caller.upload(file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FileObject>();
}

/** One Content-Security-Policy header whose directives include a bare `sandbox`. */
function expectSandboxedDownload(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(200);
  expect(res.headers['content-disposition'], what).toMatch(/^attachment;/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const csp = res.headers['content-security-policy'];
  expect(typeof csp, `${what}: one CSP header`).toBe('string');
  const directives = String(csp)
    .split(';')
    .map((d) => d.trim());
  expect(directives, what).toContain('sandbox');
  expect(directives, what).toContain("default-src 'none'");
  expect(String(csp), what).not.toMatch(/script-src|allow-/);
}

const linkOf = async (caller: Caller, id: number) => {
  const res = await caller.post(`/api/collections/files/${id}/preview-link/`);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  expect(url).toMatch(new RegExp(`^/api/collections/files/${id}/preview/\\?ticket=[\\w.-]+$`));
  return url;
};
/** The frame's request: no Authorization header, as a browser loads an iframe's address. */
const follow = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

function expectPreviewRefused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ code: 'token_not_valid' });
}

describe('an SVG attachment never runs script on the app’s origin', () => {
  it('answers every download as an attachment with CSP sandbox and nosniff, whatever its type', async () => {
    for (const file of ACTIVE) {
      const uploaded = await upload(alice, file);
      const res = await alice.get(uploaded.url);
      expectSandboxedDownload(res, file.name);
      expect(res.headers['content-type'], file.name).toBe(file.type);
      expect(Buffer.compare(res.rawPayload, file.bytes), file.name).toBe(0);
    }
  });

  it('answers the preview of anything but a PDF exactly as its download', async () => {
    for (const file of ACTIVE.filter((f) => f.type !== 'application/pdf')) {
      const uploaded = await upload(alice, file);
      const res = await follow(await linkOf(alice, uploaded.id));
      expectSandboxedDownload(res, `preview of ${file.name}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('sends the export, a download too, with the sandbox', async () => {
    const res = await alice.get('/api/export/');
    expectSandboxedDownload(res, 'export');
  });
});

describe('PDF previews render under the app’s CSP', () => {
  it('allows the app’s own frames only, and nothing else new', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/frame-src[^;]*blob:/);
  });

  it('shows a PDF inline through a 60-second ticket, framed by the app alone', async () => {
    const pdf = await upload(
      alice,
      ACTIVE.find((f) => f.type === 'application/pdf')!,
    );
    const url = await linkOf(alice, pdf.id);
    const res = await follow(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="outline.pdf"; filename*=UTF-8''outline.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    expect(Buffer.compare(res.rawPayload, PDF)).toBe(0);
    // The download of the same PDF stays an attachment in a sandbox.
    expectSandboxedDownload(await alice.get(pdf.url), 'PDF download');
    // With the Authorization header instead of a ticket, the same answer.
    const signedIn = await alice.get(`/api/collections/files/${pdf.id}/preview/`);
    expect(signedIn.headers['content-disposition']).toMatch(/^inline;/);

    // The ticket's times are whole seconds (`iat` rounded down), and real time passes between
    // its issue and this check: 58 s later it still opens, 61 s later (past any rounding) not.
    ctx.clock.advance(58_000);
    expect((await follow(url)).statusCode).toBe(200);
    ctx.clock.advance(3_000);
    const late = await follow(url);
    expectPreviewRefused(late);
    expect(late.json()).toMatchObject({
      message: 'This link is not valid or has expired. Open the file again.',
    });
  });

  it('opens the one address its ticket was made for: not another file, not the export', async () => {
    const pdf = await upload(
      alice,
      ACTIVE.find((f) => f.type === 'application/pdf')!,
    );
    const other = await upload(
      alice,
      ACTIVE.find((f) => f.type === 'application/pdf')!,
    );
    const url = await linkOf(alice, pdf.id);
    const ticket = url.split('ticket=')[1]!;
    expectPreviewRefused(
      await follow(`/api/collections/files/${other.id}/preview/?ticket=${ticket}`),
    );
    expectPreviewRefused(await follow(`/api/export/?ticket=${ticket}`));
    // Nor does the export's ticket open a file.
    const exportLink = (await alice.post('/api/export/link/')).json<{ url: string }>().url;
    const exportTicket = exportLink.split('ticket=')[1]!;
    expectPreviewRefused(
      await follow(`/api/collections/files/${pdf.id}/preview/?ticket=${exportTicket}`),
    );
    // The download route takes no ticket at all.
    expect(
      (await follow(`/api/collections/files/${pdf.id}/download/?ticket=${ticket}`)).statusCode,
    ).toBe(401);
    expect((await follow(url)).statusCode).toBe(200);
  });

  it('gives a link only to someone who may read the file, and the ticket only works for them', async () => {
    const collection = (
      await alice.post('/api/collections/list/', { name: 'Shared PDFs' })
    ).json<Collection>();
    const pdf = await upload(
      alice,
      ACTIVE.find((f) => f.type === 'application/pdf')!,
    );
    expect(
      (await alice.patch(`/api/collections/files/${pdf.id}/`, { collection: collection.id }))
        .statusCode,
    ).toBe(200);
    const stranger = await signedInCaller(ctx);
    expect((await stranger.post(`/api/collections/files/${pdf.id}/preview-link/`)).statusCode).toBe(
      404,
    );
    const member = await share(ctx, alice, collection.id, bob, 'viewer');
    const url = await linkOf(bob, pdf.id);
    expect((await follow(url)).statusCode).toBe(200);
    // Someone else's Authorization header beside Bob's ticket: refused.
    expectPreviewRefused(await follow(url, stranger.auth));
    // Bob removed from the collection: his ticket now finds nothing.
    expect(
      (await alice.delete(`/api/collections/list/${collection.id}/members/${member.id}/`))
        .statusCode,
    ).toBe(204);
    expect((await follow(url)).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/collections/files/${pdf.id}/preview-link/`,
        })
      ).statusCode,
    ).toBe(401);
  });
});
