import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/**
 * Pasted HTML (Google Docs, Word, web pages) as markdown (decision 214): headings, bold, italic,
 * strikethrough, lists, links, tables and code, by turndown and its GitHub-flavoured plugin.
 * The HTML is tidied first, as those programs write it:
 *
 * - Google Docs wraps the whole selection in `<b style="font-weight:normal" id="docs-internal-guid-…">`
 *   (not bold at all) and marks bold, italic and struck-out text with styled `<span>`s;
 * - Word writes list items as `<p class="MsoListParagraph…">` with the bullet or number as text
 *   in a `mso-list:Ignore` span;
 * - tables often have no header row, which GitHub-flavoured markdown needs: the first row is one.
 *
 * No HTML survives: what turndown would keep as HTML becomes its text, text that looks like a
 * tag is escaped (`\<`), and only http, https and mailto links and http(s) images are kept. The
 * markdown renderers show raw HTML as text anyway (decision 180); this keeps the text clean.
 * Loaded with the editor's chunk, never the landing page's.
 */

const DROPPED =
  'script, style, meta, link, title, template, noscript, iframe, object, embed, svg, math, head, input, button, select, textarea, o\\:p';
const LINK_PROTOCOL = /^(https?:|mailto:)/i;
const IMAGE_PROTOCOL = /^https?:/i;
/** What makes HTML worth converting; without any of it the plain text is pasted as it is. */
const FORMATTING =
  'h1, h2, h3, h4, h5, h6, b, strong, i, em, u, s, del, strike, a[href], ul, ol, table, blockquote, pre, code, img, hr';

function unwrap(element: Element) {
  element.replaceWith(...Array.from(element.childNodes));
}

function wrapIn(element: HTMLElement, tagName: string) {
  const wrapper = element.ownerDocument.createElement(tagName);
  wrapper.append(...Array.from(element.childNodes));
  element.append(wrapper);
}

/**
 * An element's inline style declarations, read from its `style` attribute. Not `element.style`:
 * under the app's CSP (no inline styles) the browser does not apply a parsed document's style
 * attributes, so `element.style` is empty there.
 */
function styleOf(element: Element): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const declaration of (element.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (property && value) declarations.set(property, value);
  }
  return declarations;
}

const isBoldWeight = (weight: string) => weight === 'bold' || Number(weight) >= 600;
const isPlainWeight = (weight: string) => weight === 'normal' || Number(weight) < 600;

/** Google's redirect (`https://www.google.com/url?q=REAL&…`) → REAL. */
function realHref(href: string): string {
  try {
    const url = new URL(href);
    if (/(^|\.)google\.com$/.test(url.hostname) && url.pathname === '/url') {
      return url.searchParams.get('q') ?? href;
    }
  } catch {
    // Not an absolute address: kept as it is (and dropped below unless http, https or mailto).
  }
  return href;
}

/** Word's list paragraphs as real lists. */
function wordLists(body: HTMLElement) {
  const items = Array.from(body.querySelectorAll('p[class*="MsoListParagraph"]'));
  let list: HTMLElement | null = null;
  for (const paragraph of items) {
    const marker = paragraph.querySelector(
      '[style*="mso-list:Ignore"], [style*="mso-list: Ignore"]',
    );
    const ordered = /^\s*\w{1,4}[.)]/.test(marker?.textContent ?? '');
    marker?.remove();
    const tag = ordered ? 'OL' : 'UL';
    if (!list || list.nextElementSibling !== paragraph || list.tagName !== tag) {
      list = body.ownerDocument.createElement(tag);
      paragraph.before(list);
    }
    const item = body.ownerDocument.createElement('li');
    item.append(...Array.from(paragraph.childNodes));
    list.append(item);
    paragraph.remove();
  }
}

/** A table's cells on one line each, and a header row. */
function tidyTable(table: HTMLTableElement) {
  for (const cell of Array.from(table.querySelectorAll('td, th'))) {
    for (const block of Array.from(cell.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6'))) {
      block.after(' ');
      unwrap(block);
    }
    for (const line of Array.from(cell.querySelectorAll('br'))) line.replaceWith(' ');
    for (const list of Array.from(cell.querySelectorAll('ul, ol'))) unwrap(list);
  }
  // Column widths: the table plugin finds the header row only as the table's first part.
  for (const columns of Array.from(table.querySelectorAll('colgroup, col'))) columns.remove();
  // Whitespace between rows and cells would count as cells.
  for (const part of [table, ...Array.from(table.querySelectorAll('thead, tbody, tfoot, tr'))]) {
    for (const node of Array.from(part.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node.remove();
    }
  }
  const first = table.rows[0];
  if (!first) return;
  if (Array.from(first.cells).every((cell) => cell.tagName === 'TH')) return;
  for (const cell of Array.from(first.cells)) {
    const header = table.ownerDocument.createElement('th');
    header.append(...Array.from(cell.childNodes));
    cell.replaceWith(header);
  }
}

function tidy(body: HTMLElement) {
  for (const element of Array.from(body.querySelectorAll(DROPPED))) element.remove();
  // Google Docs' wrapper, and any bold element styled as not bold.
  for (const element of Array.from(body.querySelectorAll<HTMLElement>('b, strong'))) {
    const weight = styleOf(element).get('font-weight') ?? '';
    if (element.id.startsWith('docs-internal-guid') || (weight && isPlainWeight(weight))) {
      unwrap(element);
    }
  }
  // Styled spans (Google Docs, many web editors) as the elements they stand for.
  for (const span of Array.from(body.querySelectorAll<HTMLElement>('span[style]'))) {
    const inHeading = span.closest('h1, h2, h3, h4, h5, h6') !== null;
    const style = styleOf(span);
    const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
    if (decoration.includes('line-through')) wrapIn(span, 'del');
    if (style.get('font-style') === 'italic') wrapIn(span, 'em');
    if (isBoldWeight(style.get('font-weight') ?? '') && !inHeading) wrapIn(span, 'strong');
  }
  wordLists(body);
  // Google Docs puts each list item's text in a paragraph: a list of paragraphs is a loose list.
  for (const item of Array.from(body.querySelectorAll('li'))) {
    const paragraphs = Array.from(item.children).filter((child) => child.tagName === 'P');
    if (paragraphs.length === 1) unwrap(paragraphs[0]!);
  }
  for (const link of Array.from(body.querySelectorAll('a'))) {
    const href = realHref(link.getAttribute('href') ?? '');
    if (LINK_PROTOCOL.test(href)) link.setAttribute('href', href);
    else unwrap(link);
  }
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if (!IMAGE_PROTOCOL.test(image.getAttribute('src') ?? '')) {
      image.replaceWith(image.getAttribute('alt') ?? '');
    }
  }
  for (const table of Array.from(body.querySelectorAll('table'))) tidyTable(table);
}

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    // What turndown (or its table plugin) would keep as HTML is kept as its text only.
    keepReplacement: (content, node) =>
      (node as HTMLElement & { isBlock?: boolean }).isBlock ? `\n\n${content}\n\n` : content,
  });
  service.use(gfm);
  // `<` starts no tag, `|` no table cell: text stays text.
  const escape = service.escape.bind(service);
  service.escape = (text: string) => escape(text).replace(/[<|]/g, '\\$&');
  return service;
}

/**
 * The markdown of pasted HTML, or null when the HTML holds no formatting worth keeping (then
 * the plain text is pasted as it is: a copy from a code editor or a plain page).
 */
export function htmlToMarkdown(html: string): string | null {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;
  tidy(body);
  if (!body.querySelector(FORMATTING)) return null;
  const markdown = turndown()
    .turndown(body)
    // Lines of nothing but spaces (left by wrappers and line breaks) are blank lines.
    .replace(/^[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return markdown || null;
}
