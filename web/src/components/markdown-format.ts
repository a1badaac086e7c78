/**
 * The formatting toolbar's text edits, as pure functions of (text, selection) so they are easy
 * to test. Each wraps the selection, or — with nothing selected — inserts a placeholder at the
 * cursor and selects it, so typing replaces it.
 */
export type MarkdownFormat = 'bold' | 'italic' | 'underline' | 'code' | 'bullet-list';

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const inline: Record<Exclude<MarkdownFormat, 'bullet-list' | 'code'>, [string, string]> = {
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

function bulletList(value: string, start: number, end: number): TextEdit {
  if (start === end) {
    const atLineStart = start === 0 || value[start - 1] === '\n';
    const prefix = atLineStart ? '- ' : '\n- ';
    const next = value.slice(0, start) + prefix + value.slice(end);
    const cursor = start + prefix.length;
    return { value: next, selectionStart: cursor, selectionEnd: cursor };
  }
  // Every line the selection touches becomes a list item.
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  const listed = block
    .split('\n')
    .map((line) => (line.trim() === '' || /^\s*[-*+] /.test(line) ? line : `- ${line}`))
    .join('\n');
  return {
    value: value.slice(0, lineStart) + listed + value.slice(end),
    selectionStart: lineStart,
    selectionEnd: lineStart + listed.length,
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
    case 'bullet-list':
      return bulletList(value, start, end);
  }
}
