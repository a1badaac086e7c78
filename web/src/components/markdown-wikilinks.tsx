import type { ComponentProps } from 'react';
import type { Components, Options } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router';
import {
  remarkWikilinks,
  WIKILINK_CLASS,
  WIKILINK_MISSING_CLASS,
  type WikilinkOptions,
} from '@cw/contract/markdown';

type Plugins = NonNullable<Options['remarkPlugins']>;

const cache = new WeakMap<WikilinkOptions, Plugins>();
const plain: WikilinkOptions = {};

/**
 * The shared remark plugins with `[[…]]` links (decision 211), one list per resolver so the
 * memoised renderer sees the same list until the links change.
 */
export function wikilinkPlugins(base: Plugins, options: WikilinkOptions = plain): Plugins {
  let plugins = cache.get(options);
  if (!plugins) {
    plugins = [...base, [remarkWikilinks, options]];
    cache.set(options, plugins);
  }
  return plugins;
}

const isWikilink = (className: string | undefined) =>
  className
    ?.split(' ')
    .some((name) => name === WIKILINK_CLASS || name === WIKILINK_MISSING_CLASS) ?? false;

const linkStyles: Record<string, string> = {
  [WIKILINK_CLASS]: 'wikilink',
  // A link to an item not written yet: dashed, as Obsidian and wikis show one.
  [WIKILINK_MISSING_CLASS]: 'wikilink-missing decoration-dashed !text-rose-700',
};

/** A link of the text; a `[[…]]` one moves within the app (no new tab, no reload). */
function MarkdownLink({
  node: _node,
  className,
  href,
  children,
  ...props
}: ComponentProps<'a'> & { node?: unknown }) {
  const inRouter = useInRouterContext();
  if (href && isWikilink(className) && inRouter) {
    const style = className
      ?.split(' ')
      .map((name) => linkStyles[name] ?? name)
      .join(' ');
    return (
      <Link to={href} className={style} data-wikilink={className}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={href} {...props}>
      {children}
    </a>
  );
}

export const wikilinkComponents: Components = { a: MarkdownLink };
