/**
 * The product's markdown rules, one copy for both renderers (docs/product.md §1, decisions 051
 * and 180): the web app's react-markdown (web/src/components/markdown-renderer.tsx) and the
 * server's public pages (server/src/library/public-html.ts) run these same plugins.
 *
 * - GitHub-flavoured markdown, and `++text++` underlines (decision 053);
 * - raw HTML is shown as text, never as HTML;
 * - link and image addresses keep only relative addresses and http, https, irc, ircs, mailto and
 *   xmpp; anything else (`javascript:`, `data:`, `vbscript:`, `file:` …) is emptied;
 * - links open in a new tab with `rel="noopener noreferrer nofollow"`; an image whose address
 *   was emptied shows its alt text; images load lazily.
 *
 * Loaded at run time only by the markdown chunk of the web app (`@cw/contract/markdown`).
 */
import type { Element, ElementContent, Nodes, Root } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import remarkGfm from 'remark-gfm';
import { remarkUnderline } from './markdown-underline';

export { remarkUnderline };

/** The remark plugins, in order. */
export const markdownRemarkPlugins = [remarkGfm, remarkUnderline];

const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * The address of a link or image, or '' when its protocol is not allowed (react-markdown's
 * `defaultUrlTransform`, written out here so both renderers share it).
 */
export function safeUrl(value: string): string {
  const colon = value.indexOf(':');
  const questionMark = value.indexOf('?');
  const numberSign = value.indexOf('#');
  const slash = value.indexOf('/');
  if (
    // No protocol: relative.
    colon === -1 ||
    // A colon after `/`, `?` or `#` is not a protocol's.
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign) ||
    SAFE_PROTOCOL.test(value.slice(0, colon))
  ) {
    return value;
  }
  return '';
}

/** remark-rehype's node for raw HTML (declared by mdast-util-to-hast). */
interface Raw {
  type: 'raw';
  value: string;
}
type Parent = { children: (ElementContent | Nodes | Raw)[] };

function walk(parent: Parent): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index += 1) {
    const node = children[index]!;
    if (node.type === 'raw') {
      // Raw HTML is shown as text.
      children[index] = { type: 'text', value: node.value };
      continue;
    }
    if (node.type !== 'element') continue;
    for (const key of Object.keys(urlAttributes)) {
      if (!Object.hasOwn(node.properties, key)) continue;
      const tags = urlAttributes[key];
      if (tags === null || tags?.includes(node.tagName)) {
        node.properties[key] = safeUrl(String(node.properties[key] ?? ''));
      }
    }
    if (node.tagName === 'a' && node.properties.href) {
      node.properties.target = '_blank';
      node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
    }
    if (node.tagName === 'img') {
      if (!node.properties.src) {
        const alt = String(node.properties.alt ?? '');
        const replacement: Element = {
          type: 'element',
          tagName: 'span',
          properties: {},
          children: alt ? [{ type: 'text', value: alt }] : [],
        };
        children[index] = replacement;
        continue;
      }
      node.properties.loading = 'lazy';
      node.properties.alt = String(node.properties.alt ?? '');
    }
    walk(node);
  }
}

/** rehype plugin: the rules above on the HTML tree (after remark-rehype). */
export function rehypeSafeMarkdown() {
  return (tree: Root) => {
    walk(tree);
  };
}

/** Deeper than any real text nests blockquotes and lists on one line. */
const NESTING_MAX = 32;
/** One container marker at the start of a line: `>`, a bullet or an ordered list's number. */
const CONTAINER = /^[ \t]{0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;

/**
 * Whether a line opens more than NESTING_MAX containers (`> > > …`, `> - > - …`): the markdown
 * parser's time grows with the square of that depth (20,000 characters of `> - ` take 13 s) and
 * its stack overflows past a few thousand, so such a text is shown as plain text instead, by the public pages and the web app alike
 * (decision 181).
 */
export function nestedTooDeep(text: string): boolean {
  for (const line of text.split('\n')) {
    let rest = line;
    let depth = 0;
    for (let marker = CONTAINER.exec(rest); marker; marker = CONTAINER.exec(rest)) {
      depth += 1;
      if (depth > NESTING_MAX) return true;
      rest = rest.slice(marker[0].length);
    }
  }
  return false;
}

/**
 * The budget of delimiter pairs a text may make the markdown parser weigh: for each paragraph
 * (text between blank lines), the square of its count of `*`, `_`, `~`, `[` and `]`, summed.
 */
const DELIMITER_BUDGET = 250_000;

/**
 * Whether a text holds so many emphasis and link delimiters in its paragraphs that the markdown
 * parser would hold the process: it weighs each delimiter against the others of its paragraph,
 * so its time grows with the square of their count (20,000 characters of `*a_` take 8 s, 500
 * delimiters in one paragraph about 50 ms). Such a text is shown as plain text, as one nested too
 * deep is, by the public pages and the web app alike (decision 186). Real texts stay far below:
 * a paragraph of 100 links counts 40,000. One pass, in linear time.
 */
export function delimitersTooDense(text: string): boolean {
  let cost = 0;
  let inParagraph = 0;
  let lineBlank = true;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 10) {
      if (lineBlank) {
        cost += inParagraph * inParagraph;
        inParagraph = 0;
      }
      lineBlank = true;
    } else if (code === 42 || code === 95 || code === 126 || code === 91 || code === 93) {
      inParagraph += 1;
      lineBlank = false;
    } else if (code !== 32 && code !== 9 && code !== 13) {
      lineBlank = false;
    }
    if (cost + inParagraph * inParagraph > DELIMITER_BUDGET) return true;
  }
  return false;
}
