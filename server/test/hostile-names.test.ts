import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';

/** U+202E RIGHT-TO-LEFT OVERRIDE and friends: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf". */
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const spoof = (text: string) => `${BIDI.join('')}${text}\u202E`;

let ctx: TestContext;
let alice: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('bidirectional control characters survive in names', () => {
  it('removes them from file names on upload and on rename', async () => {
    const upload = await alice.upload({ name: 'invoice\u202Efdp.exe', bytes: Buffer.from('x') });
    expect(upload.statusCode).toBe(201);
    const file = upload.json<{ id: number; name: string }>();
    expect(file.name).toBe('invoicefdp.exe');
    const download = await alice.get(`/api/collections/files/${file.id}/download/`);
    expect(download.headers['content-disposition']).not.toMatch(/%E2%80%AE/i);
    const renamed = await alice.patch(`/api/collections/files/${file.id}/`, {
      name: spoof('report.pdf'),
    });
    expect(renamed.json()).toMatchObject({ name: 'report.pdf' });
  });

  it('removes them from person names on register and on update-profile', async () => {
    // Through the API: the names are the ones typed at registration.
    const email = 'spoofed-names@example.com';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        email,
        password: 'correct horse',
        first_name: spoof('Ada'),
        last_name: 'Love\u2067lace',
      },
    });
    expect(registered.statusCode).toBe(201);
    await ctx.mailQueue.drain();
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp/',
      payload: { email, otp: ctx.outbox.lastCode(email) },
    });
    const { access } = verified.json<{ token: { access: string } }>().token;
    const headers = { authorization: `Bearer ${access}` };
    const details = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user-details/',
      headers,
    });
    expect(details.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/update-profile/',
      headers,
      payload: { first_name: spoof('Augusta'), last_name: spoof('King') },
    });
    expect(updated.json()).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
  });

  it('removes them from collection, tag and note tag names', async () => {
    const collection = await alice.post('/api/collections/list/', { name: spoof('Videos') });
    expect(collection.json()).toMatchObject({ name: 'Videos' });
    const tag = await alice.post('/api/collections/tags/', { name: spoof('drafts') });
    expect(tag.json()).toMatchObject({ name: 'drafts' });
    const note = await alice.post('/api/collections/notes/', {
      collection: collection.json<{ id: number }>().id,
      title: 'n',
      content: 'c',
      tags: [spoof('todo')],
    });
    expect(note.json()).toMatchObject({ tags: ['todo'] });
  });

  it('refuses a name made only of them as blank', async () => {
    const res = await alice.post('/api/collections/tags/', { name: BIDI.join('') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', errors: { name: expect.any(Array) } });
  });
});
