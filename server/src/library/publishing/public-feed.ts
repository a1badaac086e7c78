import { escapeHtml } from '../../mail/messages';
import { metaDescription } from './public-html';

const xml = (text: string) =>
  escapeHtml(text).replace(
    // Characters XML 1.0 does not allow, even escaped.
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
    '',
  );

/** CDATA cannot hold `]]>`: it is split across two sections. */
const cdata = (html: string) =>
  `<![CDATA[${html
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export interface FeedItem {
  url: string;
  title: string;
  date: Date;
  /** The item's summary, else its excerpt: plain text. */
  excerpt: string;
  /** Its whole text as safe HTML, when the collection's feed carries whole texts. */
  html?: string;
  /** A public audio file of the item, for podcast apps. */
  enclosure?: { url: string; size: number; type: string };
}

export interface FeedData {
  name: string;
  description: string;
  ownerName: string;
  pageUrl: string;
  feedUrl: string;
  items: FeedItem[];
}

const enclosureOf = (item: FeedItem) =>
  item.enclosure
    ? `<enclosure url="${xml(item.enclosure.url)}" length="${item.enclosure.size}" type="${xml(item.enclosure.type)}"/>`
    : '';

/**
 * RSS 2.0 of the public items (docs/api.md, "Publishing"; decisions 181, 231): each item's
 * description is its summary or the start of its text (as HTML), dated by its publish date
 * (else the day it was first published); with the collection's full-text option, its whole
 * published text as `content:encoded`; a public audio file as its `<enclosure>`. Descriptions
 * are HTML for feed readers, so their text is HTML-escaped before XML-escaped; titles are plain
 * text.
 */
export function feed(data: FeedData): string {
  const items = data.items
    .map(
      (item) =>
        `<item><title>${xml(item.title || 'Untitled')}</title><link>${xml(item.url)}</link><guid isPermaLink="true">${xml(item.url)}</guid><pubDate>${item.date.toUTCString()}</pubDate><description>${xml(`<p>${escapeHtml(item.excerpt)}</p>`)}</description>${item.html === undefined ? '' : `<content:encoded>${cdata(item.html)}</content:encoded>`}${enclosureOf(item)}</item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${xml(data.name)}</title><link>${xml(data.pageUrl)}</link><description>${xml(escapeHtml(metaDescription(data.description, `${data.name}, by ${data.ownerName}.`)))}</description><atom:link href="${xml(data.feedUrl)}" rel="self" type="application/rss+xml"/>${items}</channel></rss>
`;
}
