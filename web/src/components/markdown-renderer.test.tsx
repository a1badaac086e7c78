import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { MarkdownRenderer } from './markdown-renderer';

function renderMarkdown(text: string) {
  return render(<MarkdownRenderer>{text}</MarkdownRenderer>);
}

describe('MarkdownRenderer', () => {
  it('renders GitHub-flavoured markdown: emphasis, lists, tables, strikethrough, task lists', () => {
    const { container } = renderMarkdown(
      '# Title\n\n**bold** _italic_ ~~gone~~\n\n- one\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('italic');
    expect(container.querySelector('del')).toHaveTextContent('gone');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('shows a text nesting quotes and lists thousands deep as plain text', () => {
    const hostile = `${'> - '.repeat(5_000)}deep\n\n**not bold**`;
    // The parser takes seconds on this and then overflows its stack; the guard never calls it.
    const { container } = renderMarkdown(hostile);
    expect(container.querySelector('blockquote')).toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    expect(container).toHaveTextContent('**not bold**');
    // Nesting a real text uses stays markdown.
    const { container: normal } = renderMarkdown('> - quoted item\n>   > nested quote');
    expect(normal.querySelector('blockquote li blockquote, blockquote blockquote')).not.toBeNull();
  });

  it('shows a text dense with emphasis and link delimiters as plain text', () => {
    // The parser weighs delimiters pairwise: 20,000 characters of `*a_` hold it for seconds.
    const hostile = `${'*a_'.repeat(7_000)}\n\n**not bold**`;
    const { container } = renderMarkdown(hostile);
    expect(container.querySelector('[data-plain-text="emphasis too costly"]')).not.toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    // A paragraph of a hundred links and some emphasis stays markdown.
    const links = Array.from({ length: 100 }, (_, i) => `[link ${i}](https://example.com/${i})`);
    const { container: normal } = renderMarkdown(`${links.join(' ')} **bold** _it_`);
    expect(normal.querySelectorAll('a')).toHaveLength(100);
    expect(normal.querySelector('strong')).toHaveTextContent('bold');
  });

  it('shows raw HTML as text and never renders it', () => {
    const { container } = renderMarkdown(
      'Before <script>alert("x")</script> and <img src=x onerror="alert(1)"> <b>bold?</b>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<script>alert("x")</script>');
    expect(container).toHaveTextContent('<b>bold?</b>');
  });

  it('shows a block of raw HTML as text too', () => {
    const { container } = renderMarkdown(
      '<div onclick="steal()">\n<script>evil()</script>\n</div>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('div[onclick]')).toBeNull();
    expect(container).toHaveTextContent('<script>evil()</script>');
  });

  it.each([
    ['http://example.com/a', 'http://example.com/a'],
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['irc://irc.example.com/chan', 'irc://irc.example.com/chan'],
    ['ircs://irc.example.com/chan', 'ircs://irc.example.com/chan'],
    ['xmpp:ada@example.com', 'xmpp:ada@example.com'],
    ['/collections/1', '/collections/1'],
    ['relative/page', 'relative/page'],
    ['#section', '#section'],
  ])('keeps the link address %s', (address, expected) => {
    renderMarkdown(`[link](${address})`);
    expect(screen.getByText('link').closest('a')).toHaveAttribute('href', expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
  ])('empties the link address %s', (address) => {
    renderMarkdown(`[link](${address})`);
    const link = screen.getByText('link').closest('a');
    expect(link).not.toBeNull();
    expect(link?.getAttribute('href') ?? '').toBe('');
  });

  it('empties javascript: in autolinks and reference links as well', () => {
    const { container } = renderMarkdown(
      '<javascript:alert(1)>\n\n[ref][x]\n\n[x]: javascript:alert(2)',
    );
    for (const anchor of Array.from(container.querySelectorAll('a'))) {
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    }
  });

  it('keeps https images and drops data: and javascript: image addresses', () => {
    const { container } = renderMarkdown(
      '![ok](https://example.com/a.png) ![bad](data:image/svg+xml;base64,PHN2Zz4=) ![worse](javascript:alert(1))',
    );
    const images = Array.from(container.querySelectorAll('img'));
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://example.com/a.png');
    expect(container).toHaveTextContent('bad');
    expect(container.innerHTML).not.toMatch(/data:image|javascript:/);
  });

  it('opens links in a new tab without giving the page a window reference', () => {
    renderMarkdown('[site](https://example.com)');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('underlines ++text++ (the toolbar underline) but not inside code', () => {
    const { container } = renderMarkdown('a ++under line++ b `++code++`');
    expect(container.querySelector('u')).toHaveTextContent('under line');
    expect(container.querySelector('code')).toHaveTextContent('++code++');
  });
});

describe('Markdown (lazy)', () => {
  it('loads the renderer and shows formatted text', async () => {
    render(<Markdown>{'Hello **there**'}</Markdown>);
    expect(await screen.findByText('there', { selector: 'strong' })).toBeInTheDocument();
  });
});
