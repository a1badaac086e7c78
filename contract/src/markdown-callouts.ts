import type { Blockquote, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';

/** The three kinds a callout is shown as (docs/decisions/216). */
export type CalloutKind = 'note' | 'tip' | 'warning';

/** What each kind is called: the callout's accessible name, and its title when it has none. */
export const CALLOUT_LABELS: Record<CalloutKind, string> = {
  note: 'Note',
  tip: 'Tip',
  warning: 'Warning',
};

/** Obsidian's other callout types, shown as the nearest of the three; any other type is a note. */
const KINDS: Record<string, CalloutKind> = {
  note: 'note',
  info: 'note',
  todo: 'note',
  abstract: 'note',
  summary: 'note',
  tldr: 'note',
  quote: 'note',
  cite: 'note',
  example: 'note',
  tip: 'tip',
  hint: 'tip',
  important: 'tip',
  success: 'tip',
  check: 'tip',
  done: 'tip',
  question: 'tip',
  help: 'tip',
  faq: 'tip',
  warning: 'warning',
  caution: 'warning',
  attention: 'warning',
  danger: 'warning',
  error: 'warning',
  bug: 'warning',
  failure: 'warning',
  fail: 'warning',
  missing: 'warning',
};

/** `[!type]`, `[!type]-` or `[!type]+` (Obsidian's folding marks, not kept) at a quote's start. */
const MARKER = /^\[!([A-Za-z][\w-]{0,30})\][+-]?[ \t]*/;

/** The kind a callout type is shown as. */
export function calloutKind(type: string): CalloutKind {
  return KINDS[type.toLowerCase()] ?? 'note';
}

type Container = { children: RootContent[] };

/**
 * remark plugin: a quote opening with `[!note]`, `[!tip]` or `[!warning]` (or another of
 * Obsidian's types, mapped to these; an optional title after it, `> [!tip] My title`) becomes a
 * callout: `<div class="callout callout-tip" role="note" aria-label="Tip">` with its title in
 * `<p class="callout-title">` and the rest of the quote after it. The public pages' CSS and the
 * web renderer's classes style it; the text stays as written.
 */
export function remarkCallouts() {
  return (tree: Root) => {
    visit(tree as Container);
  };
}

function visit(parent: Container) {
  for (const node of parent.children) {
    if (node.type === 'blockquote') callout(node);
    if ('children' in node && Array.isArray(node.children) && node.type !== 'paragraph') {
      visit(node as Container);
    }
  }
}

function callout(quote: Blockquote) {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return;
  const lead = first.children[0];
  if (lead?.type !== 'text') return;
  const marker = MARKER.exec(lead.value);
  if (!marker) return;
  const kind = calloutKind(marker[1]!);
  lead.value = lead.value.slice(marker[0].length);

  // The title is the rest of the marker's line; the lines after it are the callout's body.
  const title: PhrasingContent[] = [];
  const rest = first.children;
  let taken = 0;
  for (; taken < rest.length; taken += 1) {
    const node = rest[taken]!;
    if (node.type === 'break') {
      taken += 1;
      break;
    }
    if (node.type === 'text' && node.value.includes('\n')) {
      const cut = node.value.indexOf('\n');
      const before = node.value.slice(0, cut);
      if (before) title.push({ type: 'text', value: before });
      node.value = node.value.slice(cut + 1);
      break;
    }
    title.push(node);
  }
  const body = rest.slice(taken).filter((node) => node.type !== 'text' || node.value !== '');
  const heading: Paragraph = {
    type: 'paragraph',
    data: { hProperties: { className: ['callout-title'] } },
    children: hasText(title) ? trimmed(title) : [{ type: 'text', value: CALLOUT_LABELS[kind] }],
  };
  const bodyBlocks: RootContent[] = body.length > 0 ? [{ ...first, children: body }] : [];
  quote.children = [heading, ...(bodyBlocks as Blockquote['children']), ...quote.children.slice(1)];
  quote.data = {
    ...quote.data,
    hName: 'div',
    hProperties: {
      className: ['callout', `callout-${kind}`],
      role: 'note',
      ariaLabel: CALLOUT_LABELS[kind],
    },
  };
}

function hasText(nodes: PhrasingContent[]): boolean {
  return nodes.some((node) => node.type !== 'text' || node.value.trim() !== '');
}

function trimmed(nodes: PhrasingContent[]): PhrasingContent[] {
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text')
    return [...nodes.slice(0, -1), { ...last, value: last.value.trimEnd() }];
  return nodes;
}
