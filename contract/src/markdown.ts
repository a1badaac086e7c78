/**
 * The product's markdown rules, one copy for both renderers (docs/product.md, section 1, decisions 051
 * and 180): the web app's react-markdown (web/src/components/markdown-renderer.tsx) and the
 * server's public pages (server/src/library/publishing/public-html.ts) run these same plugins.
 *
 * - GitHub-flavoured markdown, and `++text++` underlines (decision 053);
 * - `> [!note]`, `> [!tip]`, `> [!warning]` callouts (markdown-callouts.ts, decision 216);
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
import { remarkCallouts } from './markdown-callouts';
import { remarkUnderline } from './markdown-underline';

export { remarkUnderline };
export * from './markdown-wikilinks';

/** The remark plugins, in order. */
export const markdownRemarkPlugins = [remarkGfm, remarkUnderline, remarkCallouts];

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
      // A `[[…]]` link leads to another item of this site: the same tab (decision 211).
      const className = node.properties.className;
      const wikilink =
        Array.isArray(className) && className.some((name) => String(name).startsWith('wikilink'));
      if (!wikilink) node.properties.target = '_blank';
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
 * The most steps `emphasisTooCostly` lets the parser's emphasis matching take: about 50 ms of
 * micromark's time (measured: 20,000 characters of `*a_`, some 22 million steps, took 8 s).
 */
const EMPHASIS_STEPS_MAX = 100_000;

const isAsciiPunctuation = (code: number) =>
  (code >= 33 && code <= 47) ||
  (code >= 58 && code <= 64) ||
  (code >= 91 && code <= 96) ||
  (code >= 123 && code <= 126);
const isWhitespace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || Number.isNaN(code);

/**
 * Whether matching the text's emphasis would hold the markdown parser: for each `*` or `_` run
 * that may close, micromark looks back through every opener of its paragraph that it cannot
 * pair with, so a paragraph of openers no closer pairs with (`*a_*a_…`: the `*` only open, the
 * `_` only close) costs the square of its length (20,000 characters: 8 s). This follows
 * CommonMark's flanking rules and delimiter stack, counting the openers each closer passes, and
 * answers true past EMPHASIS_STEPS_MAX; such a text is shown as plain text, as one nested too
 * deep is, by the public pages and the web app alike (decision 186). Paired emphasis costs no
 * step (`word **bold** _it_` over 1 MB: none). Linear: it stops counting at the limit.
 */
export function emphasisTooCostly(text: string): boolean {
  let steps = 0;
  /** Unpaired opener runs of the paragraph, by character (42 `*`, 95 `_`). */
  let openers: number[] = [];
  let lineBlank = true;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 10) {
      // A blank line ends the paragraph: its openers can pair with nothing after it.
      if (lineBlank) openers = [];
      lineBlank = true;
      continue;
    }
    if (code !== 32 && code !== 9 && code !== 13) lineBlank = false;
    if (code !== 42 && code !== 95) continue;
    let end = at;
    while (text.charCodeAt(end + 1) === code) end += 1;
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(end + 1);
    const left =
      !isWhitespace(after) &&
      (!isAsciiPunctuation(after) || isWhitespace(before) || isAsciiPunctuation(before));
    const right =
      !isWhitespace(before) &&
      (!isAsciiPunctuation(before) || isWhitespace(after) || isAsciiPunctuation(after));
    const canOpen = code === 42 ? left : left && (!right || isAsciiPunctuation(before));
    const canClose = code === 42 ? right : right && (!left || isAsciiPunctuation(after));
    let paired = false;
    if (canClose) {
      // Each opener passed over is a step; pairing with the top one costs none.
      for (let index = openers.length - 1; index >= 0; index -= 1) {
        if (openers[index] === code) {
          // The opener and every opener above it leave the stack.
          openers.length = index;
          paired = true;
          break;
        }
        steps += 1;
      }
      if (steps > EMPHASIS_STEPS_MAX) return true;
    }
    if (!paired && canOpen) openers.push(code);
    at = end;
  }
  return false;
}
