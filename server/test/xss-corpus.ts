import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { expect } from 'vitest';

/**
 * The hostile texts every public answer must keep inert (docs/api.md, "Publishing"), for any
 * field a person can write: names, collection names and descriptions, tags, titles, file names
 * and content. Each is at most 50 characters, so it fits every field (a tag's name is the
 * shortest).
 */
export const XSS_CORPUS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '</title><script>alert(1)</script>',
  '<body onload=alert(1)>',
  '<math><style><img src=x onerror=alert(1)>',
  '<!--<script>alert(1)//-->',
  ']]><script>alert(1)</script><![CDATA[',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<object data="javascript:alert(1)"></object>',
  'javascript:alert(1)',
];

/** Markdown that tries to make a link, an image or raw HTML run something (content only). */
export const XSS_MARKDOWN: readonly string[] = [
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[tab](java\tscript:alert(1))',
  '[entity](&#106;avascript:alert(1))',
  '![img](data:text/html,<script>alert(1)</script>)',
  '[vb](vbscript:msgbox(1))',
  '<javascript:alert(1)>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<a href="javascript:alert(1)" onclick="alert(1)">raw</a>',
  '<img src="x" onerror="alert(1)">',
  '```html\n<script>alert(1)</script>\n```',
];

type Node = DefaultTreeAdapterMap['node'];

/** Elements that run or load code, or change where the page's links and forms go. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'form',
  'svg',
  'math',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'srcset',
]);

/** A URL's scheme as a browser reads it: control characters and spaces inside do not count. */
const schemeOf = (value: string) =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u0020]/g, '').toLowerCase();

/**
 * The collection page's own follow form (decision 247): exactly `method="post"` and an action
 * to its follow address, in the page's `section.follow`. Any other form is a finding.
 */
function isFollowForm(node: Node): boolean {
  if (!('tagName' in node) || node.tagName !== 'form') return false;
  const attrs = Object.fromEntries(node.attrs.map((a) => [a.name, a.value]));
  const parent = 'parentNode' in node ? node.parentNode : null;
  const inFollow =
    parent !== null &&
    'attrs' in parent &&
    parent.attrs.some((a) => a.name === 'class' && a.value === 'follow');
  return (
    Object.keys(attrs).length === 2 &&
    attrs.method === 'post' &&
    /^\/p\/[A-Za-z0-9_-]{22}\/follow$/.test(attrs.action ?? '') &&
    inFollow
  );
}

/** Everything in a parsed tree that could run script; [] when it is inert. */
function findingsIn(root: Node, allowHeadStyle: boolean): string[] {
  const findings: string[] = [];
  const visit = (node: Node, inHead: boolean) => {
    if ('tagName' in node) {
      const tag = node.tagName.toLowerCase();
      if (FORBIDDEN_ELEMENTS.has(tag) && !isFollowForm(node)) findings.push(`<${tag}> element`);
      if (tag === 'style' && !(allowHeadStyle && inHead)) findings.push('<style> outside <head>');
      if (tag === 'meta' && node.attrs.some((a) => a.name === 'http-equiv')) {
        findings.push('<meta http-equiv>');
      }
      for (const attr of node.attrs) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) findings.push(`${name}= on <${tag}>`);
        if (name === 'style') findings.push(`style= on <${tag}>`);
        if (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data):/.test(schemeOf(attr.value))) {
          findings.push(`${name}="${attr.value}" on <${tag}>`);
        }
      }
    }
    const inner = 'content' in node && node.content ? [node.content] : [];
    const children = 'childNodes' in node ? node.childNodes : [];
    const head = inHead || ('tagName' in node && node.tagName === 'head');
    for (const child of [...inner, ...children]) visit(child, head);
  };
  visit(root, false);
  return findings;
}

/** What could run in a whole HTML page (its one style sheet in <head> is the page's own). */
export const executableInPage = (html: string): string[] => [
  ...(/<script/i.test(html) ? ['<script in the bytes'] : []),
  ...findingsIn(parse(html) as Node, true),
];

/** What could run in an HTML fragment (an RSS description). */
export const executableInFragment = (html: string): string[] => [
  ...(/<script/i.test(html) ? ['<script in the markup'] : []),
  ...findingsIn(parseFragment(html) as Node, false),
];

export function expectInertPage(html: string, where: string): void {
  expect(executableInPage(html), where).toEqual([]);
}

export function expectInertFragment(html: string, where: string): void {
  expect(executableInFragment(html), where).toEqual([]);
}
