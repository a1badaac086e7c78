import { describe, expect, it } from 'vitest';
import { applyMarkdownFormat } from './markdown-format';

describe('applyMarkdownFormat', () => {
  it.each([
    ['bold', '**'],
    ['italic', '_'],
    ['underline', '++'],
    ['code', '`'],
  ] as const)('wraps the selection in %s markers and keeps it selected', (format, marker) => {
    const edit = applyMarkdownFormat(format, 'say hello now', 4, 9);
    expect(edit.value).toBe(`say ${marker}hello${marker} now`);
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('hello');
  });

  it('inserts a selected placeholder at the cursor when nothing is selected', () => {
    const edit = applyMarkdownFormat('bold', 'ab', 1, 1);
    expect(edit.value).toBe('a**bold text**b');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('bold text');
  });

  it('inserts at the end of empty text', () => {
    expect(applyMarkdownFormat('italic', '', 0, 0).value).toBe('_italic text_');
    expect(applyMarkdownFormat('code', '', 0, 0).value).toBe('`code`');
  });

  it('fences a multi-line selection as a code block', () => {
    const edit = applyMarkdownFormat('code', 'a\nb', 0, 3);
    expect(edit.value).toBe('```\na\nb\n```\n');
  });

  it('turns every selected line into a bullet', () => {
    const text = 'intro\none\ntwo\nend';
    const edit = applyMarkdownFormat('bullet-list', text, 7, 13);
    expect(edit.value).toBe('intro\n- one\n- two\nend');
  });

  it('starts a bullet at the cursor, on a new line when mid-line', () => {
    expect(applyMarkdownFormat('bullet-list', '', 0, 0)).toEqual({
      value: '- ',
      selectionStart: 2,
      selectionEnd: 2,
    });
    const edit = applyMarkdownFormat('bullet-list', 'abc', 3, 3);
    expect(edit.value).toBe('abc\n- ');
    expect(edit.selectionStart).toBe(6);
  });

  it('does not double-bullet lines that already are items', () => {
    expect(applyMarkdownFormat('bullet-list', '- a\nb', 0, 5).value).toBe('- a\n- b');
  });
});
