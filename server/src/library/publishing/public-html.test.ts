import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './public-html';

describe('renderMarkdown: one processor for every public page', () => {
  it("resolves each page's links with that page's resolver, and none without one", () => {
    const text = 'See [[Intro]].';
    const first = renderMarkdown(text, {
      links: (t) => (t === 'intro' ? { href: '/p/a/1', title: 'Intro' } : null),
    });
    const second = renderMarkdown(text, {
      links: (t) => (t === 'intro' ? { href: '/p/b/2', title: 'The intro' } : null),
    });
    const none = renderMarkdown(text);
    expect(first).toContain(
      '<a href="/p/a/1" class="wikilink" rel="noopener noreferrer nofollow">Intro</a>',
    );
    expect(second).toContain(
      '<a href="/p/b/2" class="wikilink" rel="noopener noreferrer nofollow">The intro</a>',
    );
    expect(none).toBe('<p>See Intro.</p>');
  });
});
