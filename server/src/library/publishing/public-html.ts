import { createHash } from 'node:crypto';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeTaskLines } from '@cw/contract/markdown-tasks';
import { scriptSpeakingSeconds } from '@cw/contract/script';
import { DEFAULT_WORDS_PER_MINUTE, formatSpeakingTime } from '@cw/contract/words';
import {
  emphasisTooCostly,
  markdownRemarkPlugins,
  nestedTooDeep,
  rehypeSafeMarkdown,
  remarkWikilinks,
  WIKILINK_RESOLVER,
  type WikilinkTarget,
} from '@cw/contract/markdown';
import { escapeHtml } from '../../mail/messages';
import { excerpt } from './public-excerpt';
import { rehypePublicImages, type PublicImage, type PublicImages } from './public-images';

/**
 * The public pages' HTML (docs/api.md, "Publishing"; decision 180): written by the server,
 * readable without JavaScript, one inline style sheet allowed by its hash in the page's CSP and
 * nothing else. Every text from the database goes through `escapeHtml`; markdown through the
 * product's shared rules (`@cw/contract/markdown`), the same the web app renders with.
 */

/**
 * Where an item's `[[…]]` links lead on its public page (decision 211): only to items public in
 * the same published collection, at their public address; any other link is plain text.
 */
export type PublicLinks = (text: string) => WikilinkTarget | null;

/** What an item's text may point at on its public page: its links and its files' images. */
export interface PublicRendering {
  links?: PublicLinks | undefined;
  /** The item's files that images in its text may show (decision 213; public-images.ts). */
  images?: PublicImages | undefined;
}

/** One processor for every page: each page's links and images come with its file's `data`. */
const markdown = unified()
  .use(remarkParse)
  .use(markdownRemarkPlugins)
  .use(remarkWikilinks)
  // Raw HTML becomes `raw` nodes, which rehypeSafeMarkdown turns into text (as react-markdown).
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeSafeMarkdown)
  .use(rehypeTaskLines)
  .use(rehypePublicImages)
  .use(rehypeStringify);

export const renderMarkdown = (text: string, rendering: PublicRendering = {}): string =>
  String(
    markdown.processSync({
      value: text,
      data: { publicImages: rendering.images, [WIKILINK_RESOLVER]: rendering.links },
    }),
  );

/**
 * How much of an item's text its public page renders as markdown (decision 181). Rendering is
 * synchronous and costs up to 80 µs a character (a text of nothing but links), so a whole item
 * of 1,000,000 characters would hold the process for seconds at a visitor's request.
 */
export const MARKDOWN_RENDER_CHARS = 20_000;

/** Text shown as it is: escaped, its line breaks kept. */
const plainText = (text: string) => `<div class="plain">${escapeHtml(text)}</div>`;

/**
 * An item's whole text for its public page: markdown up to `MARKDOWN_RENDER_CHARS` (cut at the
 * last blank line before, so a paragraph is not split), the rest as plain text. A text the
 * parser cannot take (nesting thousands deep overflows its stack) is shown as plain text whole.
 */
export function renderItemText(text: string, rendering: PublicRendering = {}): string {
  let head = text;
  let tail = '';
  if (text.length > MARKDOWN_RENDER_CHARS) {
    const blank = text.lastIndexOf('\n\n', MARKDOWN_RENDER_CHARS);
    let at = blank > MARKDOWN_RENDER_CHARS / 2 ? blank : MARKDOWN_RENDER_CHARS;
    // Never between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text.charAt(at - 1))) at -= 1;
    head = text.slice(0, at);
    tail = text.slice(at).trim();
  }
  if (nestedTooDeep(head) || emphasisTooCostly(head)) return plainText(text.trim());
  let html: string;
  try {
    html = renderMarkdown(head, rendering);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return plainText(text.trim());
  }
  return tail ? `${html}\n${plainText(tail)}` : html;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The date an item shows: its publish date, else the day it was first published (else created). */
export function itemDate(item: {
  publishOn: string | null;
  createdOn: Date;
  firstPublishedOn?: Date;
}): Date {
  return item.publishOn
    ? new Date(`${item.publishOn}T00:00:00Z`)
    : (item.firstPublishedOn ?? item.createdOn);
}

export const formatDate = (date: Date): string => dateFormat.format(date);

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const STYLE = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}a{color:#4338ca}main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 1rem}header{margin-bottom:2rem}.kicker{margin:0 0 .25rem;font-size:.8rem;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#4338ca}h1{margin:0;font-size:1.9rem;line-height:1.25;color:#0f172a;overflow-wrap:anywhere}.by{margin:.35rem 0 0;color:#475569}.desc{margin:.75rem 0 0;color:#334155;white-space:pre-line;overflow-wrap:anywhere}.tags{display:flex;flex-wrap:wrap;gap:.4rem;margin:.9rem 0 0;padding:0;list-style:none}.tags li{padding:.1rem .6rem;border-radius:999px;background:#e0e7ff;color:#3730a3;font-size:.8rem;overflow-wrap:anywhere}.items{margin:0;padding:0;list-style:none}.items li{margin:0 0 1rem;padding:1.1rem 1.25rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}.items h2{margin:0;font-size:1.15rem;line-height:1.35;overflow-wrap:anywhere}.items h2 a{color:#0f172a;text-decoration:none}.items h2 a:hover{text-decoration:underline}time{display:block;margin-top:.2rem;font-size:.85rem;color:#64748b}.items p{margin:.5rem 0 0;color:#334155;overflow-wrap:anywhere}.empty{color:#475569}.back{display:inline-block;margin-bottom:1rem;font-size:.9rem}article{padding:1.5rem 1.25rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}.prose{margin-top:1.25rem;overflow-wrap:anywhere}.prose h1{font-size:1.5rem}.prose h2{font-size:1.25rem}.prose h3{font-size:1.1rem}.prose :is(h1,h2,h3){margin:1.5rem 0 .5rem;line-height:1.3;color:#0f172a}.prose img{max-width:100%;height:auto;border-radius:.5rem}.prose pre{overflow-x:auto;padding:.75rem;border-radius:.5rem;background:#0f172a;color:#f1f5f9}.prose code{font-size:.9em}.prose :not(pre)>code{padding:.1rem .3rem;border-radius:.25rem;background:#f1f5f9}.prose blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid #e2e8f0;color:#475569}.prose .callout{margin:1rem 0;padding:.75rem 1rem;border-left:4px solid #6366f1;border-radius:.5rem;background:#eef2ff;color:#1e293b}.prose .callout>:first-child{margin-top:0}.prose .callout>:last-child{margin-bottom:0}.prose .callout-title{margin:0 0 .25rem;font-weight:600;color:#3730a3}.prose .callout-tip{border-color:#059669;background:#ecfdf5}.prose .callout-tip .callout-title{color:#065f46}.prose .callout-warning{border-color:#d97706;background:#fffbeb}.prose .callout-warning .callout-title{color:#92400e}.prose .contains-task-list{padding-left:0;list-style:none}.prose .task-list-item input{margin:0 .5rem 0 0;vertical-align:-.1em}.spoken{display:block;font-size:.85rem;color:#64748b}.prose .plain{white-space:pre-wrap}.prose table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse}.prose td,.prose th{padding:.3rem .6rem;border:1px solid #e2e8f0}.cover{display:block;max-width:100%;height:auto;margin:0 0 1.25rem;border-radius:.5rem}.files{margin:1.5rem 0 0;padding:1rem 0 0;border-top:1px solid #e2e8f0}.files h2{margin:0 0 .5rem;font-size:1rem}.files ul{margin:0;padding-left:1.2rem}.files li{overflow-wrap:anywhere}.files span{color:#64748b;font-size:.85rem}.follow{margin:0 0 2rem;padding:1rem 1.25rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}.follow h2{margin:0 0 .25rem;font-size:1.05rem;color:#0f172a}.follow p{margin:0 0 .75rem;color:#475569;font-size:.9rem}.follow form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}.follow label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}.follow input{flex:1 1 14rem;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem}.follow button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#4338ca;color:#fff;cursor:pointer}.follow :focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}footer{max-width:44rem;margin:0 auto;padding:1rem 1.25rem 2.5rem;font-size:.85rem;color:#64748b}@media (min-width:768px){main{padding-top:3.5rem}h1{font-size:2.3rem}}`;

/**
 * The CSP of every public answer: no scripts at all, the one style sheet by its hash.
 * `connect-src 'self'` lets a crawler's tools fetch the site's own `/robots.txt` from inside the
 * page (Lighthouse's SEO audit does, and fails under `default-src 'none'`: decision 252); with no
 * script allowed, nothing on the page itself can make a request.
 */
export const PUBLIC_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' https:",
  "connect-src 'self'",
  "base-uri 'none'",
  // The collection page's follow form posts to this site (decision 247).
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute address (og:url). */
  url: string;
  feedUrl?: string;
  /** A cover for link previews (og:image, and a large Twitter card): an absolute address. */
  image?: PublicImage | undefined;
}

/** Open Graph and Twitter card tags of a page (decision 231). */
function shareTags(meta: PageMeta, description: string): string {
  const title = escapeHtml(meta.title);
  const image = meta.image
    ? `<meta property="og:image" content="${escapeHtml(meta.image.src)}">${
        meta.image.width !== null && meta.image.height !== null
          ? `<meta property="og:image:width" content="${meta.image.width}"><meta property="og:image:height" content="${meta.image.height}">`
          : ''
      }`
    : '';
  const card = meta.image ? 'summary_large_image' : 'summary';
  return `<meta property="og:type" content="website"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><meta property="og:url" content="${escapeHtml(meta.url)}">${image}
<meta name="twitter:card" content="${card}"><meta name="twitter:title" content="${title}"><meta name="twitter:description" content="${description}">`;
}

function layout(meta: PageMeta, body: string): string {
  const description = escapeHtml(meta.description);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(meta.title)}</title>
<meta name="description" content="${description}">
${shareTags(meta, description)}
${meta.feedUrl ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(meta.title)}" href="${escapeHtml(meta.feedUrl)}">` : ''}
<style>${STYLE}</style></head>
<body>${body}
<footer>Made with <a href="/">Creator Workspace</a></footer>
</body></html>`;
}

export interface PublicPageData {
  name: string;
  description: string;
  ownerName: string;
  tags: string[];
  items: { href: string; title: string; date: Date; excerpt: string }[];
  /** The newest public cover among its items, for link previews. */
  image?: PublicImage | undefined;
}

/** A description for meta tags: the collection's, or a sentence about it. */
export const metaDescription = (text: string, fallback: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat || fallback).slice(0, 200);
};

/** The follow-by-email form of a collection page (decision 247): a plain form, no script. */
const followForm = (action: string) =>
  `<section class="follow" aria-labelledby="follow-title"><h2 id="follow-title">Follow by email</h2><p>One email for each new item. Confirm by the link we send; unsubscribe in one click.</p><form method="post" action="${escapeHtml(action)}"><label for="follow-email">Email address</label><input id="follow-email" name="email" type="email" required maxlength="254" autocomplete="email" placeholder="you@example.com"><button type="submit">Follow</button></form></section>`;

export function collectionPage(
  data: PublicPageData,
  urls: { page: string; feed: string; follow?: string },
) {
  const items =
    data.items.length === 0
      ? '<p class="empty">Nothing is published here yet.</p>'
      : `<ol class="items">${data.items
          .map(
            (item) =>
              `<li><h2><a href="${escapeHtml(item.href)}">${escapeHtml(item.title || 'Untitled')}</a></h2><time datetime="${item.date.toISOString().slice(0, 10)}">${formatDate(item.date)}</time>${item.excerpt ? `<p>${escapeHtml(item.excerpt)}</p>` : ''}</li>`,
          )
          .join('')}</ol>`;
  const tags =
    data.tags.length === 0
      ? ''
      : `<ul class="tags" aria-label="Tags">${data.tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('')}</ul>`;
  const body = `<main><header><p class="kicker">Collection</p><h1>${escapeHtml(data.name)}</h1><p class="by">by ${escapeHtml(data.ownerName)}</p>${data.description ? `<p class="desc">${escapeHtml(data.description)}</p>` : ''}${tags}</header>${urls.follow ? followForm(urls.follow) : ''}${items}</main>`;
  return layout(
    {
      title: data.name,
      description: metaDescription(data.description, `${data.name}, by ${data.ownerName}.`),
      url: urls.page,
      feedUrl: urls.feed,
      image: data.image,
    },
    body,
  );
}

export interface PublicItemPageData {
  collectionName: string;
  collectionHref: string;
  ownerName: string;
  title: string;
  date: Date;
  content: string;
  /** Its summary (may be empty): the page's description, else the start of its text. */
  summary: string;
  /** Its cover: shown above the text, and the page's og:image (an absolute address). */
  cover?: { page: PublicImage; absolute: PublicImage } | undefined;
  files: { href: string; name: string; size: number }[];
  /** Where its `[[…]]` links lead (the collection's other public items). */
  links?: PublicLinks;
  /** The item's files that images in its text may show (decision 213). */
  images?: PublicImages;
}

const coverOf = (data: PublicItemPageData) => {
  const cover = data.cover?.page;
  if (!cover) return '';
  const size =
    cover.width !== null && cover.height !== null
      ? ` width="${cover.width}" height="${cover.height}"`
      : '';
  return `<img class="cover" src="${escapeHtml(cover.src)}" alt=""${size}>`;
};

export function itemPage(data: PublicItemPageData, urls: { page: string; feed: string }) {
  const files =
    data.files.length === 0
      ? ''
      : `<section class="files"><h2>Files</h2><ul>${data.files
          .map(
            (file) =>
              `<li><a href="${escapeHtml(file.href)}">${escapeHtml(file.name)}</a> <span>${formatSize(file.size)}</span></li>`,
          )
          .join('')}</ul></section>`;
  const title = data.title || 'Untitled';
  // The speaking time of the words read aloud, as the editor, board and teleprompter count it
  // (decision 215), at the default pace: a visitor does not have the owner's.
  const spoken = formatSpeakingTime(scriptSpeakingSeconds(data.content, DEFAULT_WORDS_PER_MINUTE));
  const body = `<main><a class="back" href="${escapeHtml(data.collectionHref)}">← ${escapeHtml(data.collectionName)}</a><article>${coverOf(data)}<h1>${escapeHtml(title)}</h1><p class="by">by ${escapeHtml(data.ownerName)}<time datetime="${data.date.toISOString().slice(0, 10)}">${formatDate(data.date)}</time><span class="spoken">${spoken} speaking time</span></p><div class="prose">${renderItemText(data.content, { links: data.links, images: data.images })}</div>${files}</article></main>`;
  return layout(
    {
      title: `${title} · ${data.collectionName}`,
      description: metaDescription(
        data.summary || excerpt(data.content, data.title, 200),
        `${title}, by ${data.ownerName}.`,
      ),
      url: urls.page,
      feedUrl: urls.feed,
      image: data.cover?.absolute,
    },
    body,
  );
}

/** The one answer to anything under /p/ that is not public: the same bytes for every case. */
export const NOT_FOUND_PAGE = layout(
  { title: 'Not found', description: 'This page does not exist.', url: '/' },
  '<main><header><h1>Not found</h1><p class="desc">This page does not exist, or it is no longer published.</p></header><p><a href="/">Go to Creator Workspace</a></p></main>',
);
