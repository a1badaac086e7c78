import type { Link, PhrasingContent, Root, Text } from 'mdast';
import { normaliseLinkText, wikilinksIn } from './wikilinks-text';

/**
 * Where a `[[…]]` link leads, given by the renderer (decision 211): the web app resolves it to
 * `/content/:id` with the target's current title; public pages only to items public in the
 * same published collection. Null: there is no target for this reader.
 */
export interface WikilinkTarget {
  href: string;
  /** The target's current title, shown when the link has no shown text of its own. */
  title: string;
}

export interface WikilinkOptions {
  /** The target of a written link (its text normalised by `normaliseLinkText`), or null. */
  resolve?: (text: string) => WikilinkTarget | null;
  /**
   * Where a link without a target leads (the web: making the item), or null/absent: then it is
   * plain text (public pages, the teleprompter).
   */
  missing?: (target: string) => string | null;
}

/** The class of a link to an existing item, and of one that makes the missing item. */
export const WIKILINK_CLASS = 'wikilink';
export const WIKILINK_MISSING_CLASS = 'wikilink-missing';

/**
 * The key of a file's `data` under which one rendering passes its resolver, so one processor
 * serves every page (public pages: each item resolves its own links); `options.resolve` wins.
 */
export const WIKILINK_RESOLVER = 'wikilinkResolve';

type Parent = { children: PhrasingContent[] | Root['children'] };

/**
 * remark plugin: `[[Title]]` and `[[Title|shown text]]` become links through `options.resolve`
 * (shown with the shown text, else the target's current title); a link with no target becomes
 * a link to `options.missing`'s address (class `wikilink-missing`) or plain text (the shown
 * text, else the written title). The resolver may also come with the file being processed
 * (`file.data[WIKILINK_RESOLVER]`). Code spans and blocks are left alone (they are not `text`
 * nodes), and so is text already inside a link. Without options every `[[…]]` is plain text.
 */
export function remarkWikilinks(options: WikilinkOptions = {}) {
  return (tree: Root, file?: { data: Record<string, unknown> }) => {
    const given = file?.data[WIKILINK_RESOLVER] as WikilinkOptions['resolve'] | undefined;
    visit(tree, given && !options.resolve ? { ...options, resolve: given } : options);
  };
}

function visit(node: Parent, options: WikilinkOptions) {
  const children = node.children as PhrasingContent[];
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index]!;
    if (child.type === 'text') {
      const replaced = split(child, options);
      if (replaced) {
        children.splice(index, 1, ...replaced);
        index += replaced.length - 1;
      }
    } else if (child.type !== 'link' && 'children' in child && Array.isArray(child.children)) {
      visit(child as Parent, options);
    }
  }
}

function split(node: Text, options: WikilinkOptions): PhrasingContent[] | null {
  const { value } = node;
  const links = wikilinksIn(value);
  if (links.length === 0) return null;
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const link of links) {
    if (link.start > last) parts.push({ type: 'text', value: value.slice(last, link.start) });
    last = link.end;
    const target = options.resolve?.(normaliseLinkText(link.target)) ?? null;
    if (target) {
      parts.push(linkNode(target.href, link.shown ?? target.title, WIKILINK_CLASS));
      continue;
    }
    const shown = link.shown ?? link.target.trim();
    const missing = options.missing?.(link.target.trim()) ?? null;
    parts.push(
      missing ? linkNode(missing, shown, WIKILINK_MISSING_CLASS) : { type: 'text', value: shown },
    );
  }
  if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
  return parts;
}

const linkNode = (url: string, shown: string, className: string): Link => ({
  type: 'link',
  url,
  children: [{ type: 'text', value: shown }],
  data: { hProperties: { className: [className] } },
});
