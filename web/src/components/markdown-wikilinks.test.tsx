import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WikilinkOptions } from '@cw/contract/markdown';
import { MarkdownRenderer } from './markdown-renderer';

const links: WikilinkOptions = {
  resolve: (text) =>
    text === 'camera settings' ? { href: '/content/7', title: 'Camera Settings (2026)' } : null,
  missing: (title) => `/content/create?title=${encodeURIComponent(title)}`,
};

function renderWith(text: string, wikilinks?: WikilinkOptions) {
  return render(
    <MemoryRouter>
      <MarkdownRenderer wikilinks={wikilinks}>{text}</MarkdownRenderer>
    </MemoryRouter>,
  );
}

describe('`[[…]]` links in the renderer (decision 211)', () => {
  it('links a readable target with its current title, or the shown text', () => {
    renderWith('See [[camera Settings]] and [[Camera settings|the settings]].', links);
    const byTitle = screen.getByRole('link', { name: 'Camera Settings (2026)' });
    expect(byTitle).toHaveAttribute('href', '/content/7');
    expect(byTitle).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'the settings' })).toHaveAttribute(
      'href',
      '/content/7',
    );
  });

  it('shows a missing target as a distinct link that makes the item with that title', () => {
    const { container } = renderWith('Next: [[Lighting plan]]', links);
    const missing = screen.getByRole('link', { name: 'Lighting plan' });
    expect(missing).toHaveAttribute('href', '/content/create?title=Lighting%20plan');
    expect(missing.className).toContain('wikilink-missing');
    expect(container).not.toHaveTextContent('[[');
  });

  it('without a resolver, and in code, a link is plain text', () => {
    const { container } = renderWith('Plain [[Camera settings|shown]] and `[[in code]]`');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent('Plain shown and [[in code]]');
  });

  it('never makes markup of a title', () => {
    const hostile: WikilinkOptions = {
      resolve: () => ({ href: '/content/1', title: '<img src=x onerror=alert(1)>' }),
    };
    const { container } = renderWith('[[x]]', hostile);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link')).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
