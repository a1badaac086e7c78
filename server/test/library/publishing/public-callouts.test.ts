import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem } from '@cw/contract';
import { renderItemText } from '../../../src/library/publishing/public-html';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller } from '../../library-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const SCRIPT = [
  '# Cold open',
  '',
  '> [!tip] Say it *slowly*',
  '> Breathe before the first line.',
  '',
  '> [!danger]',
  '> Do not touch the **saw**.',
  '',
  '> [!NOTE]',
  '',
  '> A plain quote [!tip] stays a quote.',
  '',
  '- [ ] record the intro',
  '- [x] write the script',
].join('\n');

describe('callouts and task lists on public pages (decision 216)', () => {
  it('renders each callout kind with its label and title, other types mapped', () => {
    const html = renderItemText(SCRIPT);
    expect(html).toContain(
      '<div class="callout callout-tip" role="note" aria-label="Tip">\n<p class="callout-title">Say it <em>slowly</em></p>\n<p>Breathe before the first line.</p>\n</div>',
    );
    // Obsidian's danger is shown as a warning, titled by its kind.
    expect(html).toContain(
      '<div class="callout callout-warning" role="note" aria-label="Warning">\n<p class="callout-title">Warning</p>\n<p>Do not touch the <strong>saw</strong>.</p>\n</div>',
    );
    expect(html).toContain(
      '<div class="callout callout-note" role="note" aria-label="Note">\n<p class="callout-title">Note</p>\n</div>',
    );
    expect(html).toContain(
      '<blockquote>\n<p>A plain quote [!tip] stays a quote.</p>\n</blockquote>',
    );
  });

  it('keeps a callout’s text as text: no HTML, no unsafe link', () => {
    const html = renderItemText(
      '> [!warning] <img src=x onerror=alert(1)>\n> [go](javascript:alert(1))',
    );
    expect(html).toContain('&#x3C;img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
  });

  it('shows a published item with styled callouts, read-only task boxes and its speaking time', async () => {
    const alice = await signedInCaller(ctx);
    const collection = (
      await alice.post('/api/collections/list/', { name: 'Workshop' })
    ).json<Collection>();
    const item = await alice.post('/api/collections/contents-list/', {
      title: 'Desk build',
      content: SCRIPT,
      collections: [collection.id],
      is_public: true,
    });
    expect(item.statusCode, item.body).toBe(201);
    const published = await alice.post(`/api/collections/list/${collection.id}/publish/`);
    expect(published.statusCode, published.body).toBe(200);
    const { public_id: publicId } = published.json<Collection>();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/p/${publicId}/${item.json<ContentItem>().id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="callout callout-tip" role="note" aria-label="Tip"');
    expect(page.body).toContain('.prose .callout-warning{');
    // Task boxes are shown, named by their task, never editable, on a public page.
    expect(page.body).toContain(
      '<li class="task-list-item"><input type="checkbox" disabled aria-label="record the intro"> record the intro</li>',
    );
    expect(page.body).toContain(
      '<input type="checkbox" checked disabled aria-label="write the script">',
    );
    expect(page.body).not.toContain('data-line');
    // 19 words read aloud at 150 a minute: headings, callout marks and task items are not read
    // (task items are production to-dos, decision 235).
    expect(page.body).toContain('<span class="spoken">8 s speaking time</span>');
  });
});
