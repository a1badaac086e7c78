/**
 * The formatting toolbar's text edits, as pure functions of (text, selection) so they are easy
 * to test. Each wraps the selection, or — with nothing selected — inserts a placeholder at the
 * cursor and selects it, so typing replaces it.
 */
export type MarkdownFormat =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'code'
  | 'heading'
  | 'bullet-list'
  | 'numbered-list'
  | 'quote'
  | 'link';

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const inline: Record<'bold' | 'italic' | 'underline', [string, string]> = {
  bold: ['**', 'bold text'],
  italic: ['_', 'italic text'],
  // Markdown has no underline; `++text++` is the renderer's one extension (decision 053).
  underline: ['++', 'underlined text'],
};

function wrap(
  value: string,
  start: number,
  end: number,
  before: string,
  after: string,
  placeholder: string,
): TextEdit {
  const selected = value.slice(start, end);
  const inner = selected || placeholder;
  const next = value.slice(0, start) + before + inner + after + value.slice(end);
  return {
    value: next,
    selectionStart: start + before.length,
    selectionEnd: start + before.length + inner.length,
  };
}

/** A line-level format: its marker for the nth line of the selection, and how to spot it. */
interface LinePrefix {
  marker: (index: number) => string;
  present: RegExp;
}

const linePrefixes: Record<'heading' | 'bullet-list' | 'numbered-list' | 'quote', LinePrefix> = {
  heading: { marker: () => '## ', present: /^\s*#{1,6} / },
  'bullet-list': { marker: () => '- ', present: /^\s*[-*+] / },
  'numbered-list': { marker: (index) => `${index + 1}. `, present: /^\s*\d+[.)] / },
  quote: { marker: () => '> ', present: /^\s*> / },
};

/**
 * With nothing selected: starts a line with the marker at the cursor (on a new line when the
 * cursor is inside a line). With a selection: every non-blank line it touches gets the marker,
 * unless it already has one of its kind.
 */
function prefixLines(value: string, start: number, end: number, prefix: LinePrefix): TextEdit {
  if (start === end) {
    const atLineStart = start === 0 || value[start - 1] === '\n';
    const marker = (atLineStart ? '' : '\n') + prefix.marker(0);
    const next = value.slice(0, start) + marker + value.slice(end);
    const cursor = start + marker.length;
    return { value: next, selectionStart: cursor, selectionEnd: cursor };
  }
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  let index = 0;
  const marked = block
    .split('\n')
    .map((line) => {
      if (line.trim() === '' || prefix.present.test(line)) return line;
      return prefix.marker(index++) + line;
    })
    .join('\n');
  return {
    value: value.slice(0, lineStart) + marked + value.slice(end),
    selectionStart: lineStart,
    selectionEnd: lineStart + marked.length,
  };
}

/** `[text](https://)` with the address selected, so typing or pasting replaces it. */
function link(value: string, start: number, end: number): TextEdit {
  const text = value.slice(start, end) || 'link text';
  const url = 'https://';
  const inserted = `[${text}](${url})`;
  const urlStart = start + text.length + 3;
  return {
    value: value.slice(0, start) + inserted + value.slice(end),
    selectionStart: urlStart,
    selectionEnd: urlStart + url.length,
  };
}

export function applyMarkdownFormat(
  format: MarkdownFormat,
  value: string,
  selectionStart: number,
  selectionEnd: number,
): TextEdit {
  const start = Math.max(0, Math.min(selectionStart, selectionEnd, value.length));
  const end = Math.min(value.length, Math.max(selectionStart, selectionEnd));
  switch (format) {
    case 'bold':
    case 'italic':
    case 'underline': {
      const [marker, placeholder] = inline[format];
      return wrap(value, start, end, marker, marker, placeholder);
    }
    case 'code': {
      const selected = value.slice(start, end);
      if (selected.includes('\n')) {
        const before = start === 0 || value[start - 1] === '\n' ? '```\n' : '\n```\n';
        return wrap(value, start, end, before, '\n```\n', '');
      }
      return wrap(value, start, end, '`', '`', 'code');
    }
    case 'heading':
    case 'bullet-list':
    case 'numbered-list':
    case 'quote':
      return prefixLines(value, start, end, linePrefixes[format]);
    case 'link':
      return link(value, start, end);
  }
}

/** The list or quote a line continues: `- `, `* `, `+ `, `1. `, `- [ ] `, `> `, with indent. */
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)]|>)( \[[ xX]\])? /;

/**
 * Enter at the end of a list item (or inside it) continues the list: the new line starts with
 * the same marker (the next number, an unchecked box). Enter on an empty item ends the list
 * instead, removing its marker. Null when the line is not a list item: Enter stays plain.
 */
export function continueList(value: string, start: number, end: number): TextEdit | null {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const lineEndIndex = value.indexOf('\n', end);
  const lineEnd = lineEndIndex === -1 ? value.length : lineEndIndex;
  const line = value.slice(lineStart, lineEnd);
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const [whole, indent = '', marker = '', box] = match;
  if (start < lineStart + whole.length) return null;
  if (line.slice(whole.length).trim() === '' && end === lineEnd) {
    const next = value.slice(0, lineStart) + value.slice(lineEnd);
    return { value: next, selectionStart: lineStart, selectionEnd: lineStart };
  }
  const numbered = /^(\d+)([.)])$/.exec(marker);
  const nextMarker = numbered ? `${Number(numbered[1]) + 1}${numbered[2]}` : marker;
  const insert = `\n${indent}${nextMarker}${box ? ' [ ]' : ''} `;
  const next = value.slice(0, start) + insert + value.slice(end);
  const cursor = start + insert.length;
  return { value: next, selectionStart: cursor, selectionEnd: cursor };
}

const INDENT = '  ';

/**
 * Tab and Shift+Tab on list items indent or outdent every item the selection touches by two
 * spaces. Null when the selection touches no list item: Tab then moves focus as usual, so the
 * keyboard never gets stuck in the editor.
 */
export function indentListItems(
  value: string,
  start: number,
  end: number,
  direction: 'in' | 'out',
): TextEdit | null {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const lineEndIndex = value.indexOf('\n', end);
  const lineEnd = lineEndIndex === -1 ? value.length : lineEndIndex;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  if (!lines.some((line) => LIST_ITEM.test(line))) return null;
  let firstShift = 0;
  let totalShift = 0;
  const changed = lines.map((line, index) => {
    if (!LIST_ITEM.test(line)) return line;
    let shift = 0;
    let next = line;
    if (direction === 'in') {
      next = INDENT + line;
      shift = INDENT.length;
    } else {
      const removable = /^ {1,2}/.exec(line)?.[0].length ?? 0;
      next = line.slice(removable);
      shift = -removable;
    }
    if (index === 0) firstShift = shift;
    totalShift += shift;
    return next;
  });
  const block = changed.join('\n');
  return {
    value: value.slice(0, lineStart) + block + value.slice(lineEnd),
    selectionStart: Math.max(lineStart, start + firstShift),
    selectionEnd: Math.max(lineStart, end + totalShift),
  };
}
