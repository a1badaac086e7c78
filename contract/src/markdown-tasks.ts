import type { Element, ElementContent, Root } from 'hast';

/**
 * rehype plugin: each task list box (`- [ ]`, `- [x]`, GFM) gets its item's text as its
 * accessible name, on public pages and in the web app alike; with `{ lines: true }` (the web
 * renderer) also the source line of its item as `data-line`, so a reader who may change the
 * text can tick it (MarkdownRenderer's `onToggleTask`; docs/decisions/216).
 *
 * Loaded at run time by the markdown chunk of the web app (`@cw/contract/markdown-tasks`).
 */
export function rehypeTaskLines(options: { lines?: boolean; offset?: number } = {}) {
  const lines = options.lines ?? false;
  // A piece of a longer text (web/src/components/markdown-pieces.ts): its lines count from the
  // whole text's start.
  const offset = options.offset ?? 0;
  return (tree: Root) => {
    walk(tree.children, lines, offset);
  };
}

function walk(
  children: (Root['children'][number] | ElementContent)[],
  lines: boolean,
  offset: number,
): void {
  for (const node of children) {
    if (node.type !== 'element') continue;
    if (node.tagName === 'li' && classes(node).includes('task-list-item')) {
      mark(node, lines, offset);
    }
    walk(node.children, lines, offset);
  }
}

function classes(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

function mark(item: Element, lines: boolean, offset: number) {
  const box = firstCheckbox(item.children);
  const line = item.position?.start.line;
  if (!box) return;
  if (lines && line !== undefined) box.properties.dataLine = line + offset;
  const name = textOf(item.children).replace(/\s+/g, ' ').trim();
  if (name) box.properties.ariaLabel = name;
}

function firstCheckbox(children: ElementContent[]): Element | null {
  for (const node of children) {
    if (node.type !== 'element') continue;
    if (node.tagName === 'input' && node.properties.type === 'checkbox') return node;
    // A loose list puts the box in the item's first paragraph; a nested list is not this item's.
    if (node.tagName === 'p') return firstCheckbox(node.children);
  }
  return null;
}

function textOf(children: ElementContent[]): string {
  let text = '';
  for (const node of children) {
    if (node.type === 'text') text += node.value;
    else if (node.type === 'element' && node.tagName !== 'ul' && node.tagName !== 'ol') {
      text += textOf(node.children);
    }
  }
  return text;
}
