import type { PhrasingContent, Root, Text } from 'mdast';

const UNDERLINE = /\+\+(?=\S)([^\n+]*?\S)\+\+/g;

type Parent = { children: PhrasingContent[] | Root['children'] };

/**
 * remark plugin: `++text++` renders as <u>text</u>. Markdown has no underline and raw HTML is
 * always shown as text, so the toolbar's Underline button writes this (decision 053).
 * Code spans and blocks are left alone (they are not `text` nodes).
 */
export function remarkUnderline() {
  return (tree: Root) => {
    visit(tree);
  };
}

function visit(node: Parent) {
  const children = node.children as PhrasingContent[];
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index]!;
    if (child.type === 'text') {
      const replaced = split(child);
      if (replaced) {
        children.splice(index, 1, ...replaced);
        index += replaced.length - 1;
      }
    } else if ('children' in child && Array.isArray(child.children)) {
      visit(child as Parent);
    }
  }
  // Block containers (root, lists, blockquotes) hold paragraphs etc.
}

function split(node: Text): PhrasingContent[] | null {
  const { value } = node;
  UNDERLINE.lastIndex = 0;
  if (!UNDERLINE.test(value)) return null;
  UNDERLINE.lastIndex = 0;
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(UNDERLINE)) {
    const at = match.index;
    if (at > last) parts.push({ type: 'text', value: value.slice(last, at) });
    parts.push({
      type: 'emphasis',
      data: { hName: 'u' },
      children: [{ type: 'text', value: match[1]! }],
    });
    last = at + match[0].length;
  }
  if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
  return parts;
}
