import { clsx } from 'clsx';
import { FormatToolbar } from './format-toolbar';
import { MARKDOWN_TOOLS as tools } from './markdown-tools';
import {
  forwardRef,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { EditHistory } from './edit-history';
import { htmlToMarkdown } from './html-to-markdown';
import {
  applyMarkdownFormat,
  continueList,
  indentListItems,
  type MarkdownFormat,
  type TextEdit,
} from './markdown-format';
import { FieldError, inputClasses } from './text-field';

const shortcuts = new Map(
  tools.flatMap(({ format, shortcut }) => (shortcut ? [[shortcut.toLowerCase(), format]] : [])),
);

export interface MarkdownEditorProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hideLabel?: boolean;
  /** Shown under the label, right-aligned (e.g. a counter). */
  aside?: ReactNode;
  containerClassName?: string;
  /** Fill the container's height (a flex column) instead of sizing by `rows`. */
  fill?: boolean;
}

/**
 * A markdown textarea with a formatting toolbar (bold, italic, underline, code, heading, lists,
 * quote, link) and the keys a writer expects: Ctrl/⌘+B, I, U and K; Enter continues a list (and
 * ends it on an empty item); Tab and Shift+Tab indent list items (elsewhere Tab moves focus);
 * Ctrl/⌘+Z and Ctrl/⌘+Shift+Z (or Y) undo and redo every change, toolbar ones included
 * (`EditHistory`); HTML pasted from a document becomes markdown, Ctrl/⌘+Shift+V pastes the plain
 * text (decision 214). The textarea is plain and controlled: nothing heavy runs on a keystroke
 * here (previews and counts defer their own work).
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, MarkdownEditorProps>(
  function MarkdownEditor(
    {
      label,
      value,
      onChange,
      error,
      hideLabel,
      aside,
      id,
      className,
      containerClassName,
      fill = false,
      rows = 10,
      disabled,
      onKeyDown: onKeyDownProp,
      onSelect: onSelectProp,
      onPaste: onPasteProp,
      ...rest
    },
    ref,
  ) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const errorId = `${inputId}-error`;
    const textareaRef = useRef<HTMLTextAreaElement>(null);
    const pendingSelection = useRef<TextEdit | null>(null);
    const [history] = useState(() => new EditHistory());
    /** The last value this editor sent out; any other value came from outside. */
    const emitted = useRef(value);
    /** The selection before the change being typed (onSelect keeps it current). */
    const selection = useRef({ start: value.length, end: value.length });
    /** The next paste is Ctrl/⌘+Shift+V's: the plain text, as the browser pastes it. */
    const plainNext = useRef(false);
    useImperativeHandle(ref, () => textareaRef.current!, []);

    if (value !== emitted.current) {
      // Replaced from outside (a restored draft, a reset form): earlier steps no longer apply.
      emitted.current = value;
      history.clear();
    }

    useLayoutEffect(() => {
      const edit = pendingSelection.current;
      const textarea = textareaRef.current;
      if (!edit || !textarea || textarea.value !== edit.value) return;
      pendingSelection.current = null;
      textarea.focus();
      textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    }, [value]);

    function current(): TextEdit {
      const textarea = textareaRef.current;
      return {
        value,
        selectionStart: textarea?.selectionStart ?? value.length,
        selectionEnd: textarea?.selectionEnd ?? value.length,
      };
    }

    function emit(edit: TextEdit) {
      pendingSelection.current = edit;
      emitted.current = edit.value;
      onChange(edit.value);
    }

    function apply(edit: TextEdit | null, before = current()): boolean {
      if (!edit) return false;
      history.record(before, 'action');
      emit(edit);
      return true;
    }

    function format(kind: MarkdownFormat) {
      const before = current();
      apply(applyMarkdownFormat(kind, value, before.selectionStart, before.selectionEnd), before);
    }

    function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
      plainNext.current =
        (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'v';
      onKeyDownProp?.(event);
      if (event.defaultPrevented || disabled || event.nativeEvent.isComposing) return;
      const { selectionStart, selectionEnd } = current();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      let handled = false;
      if (mod && !event.altKey && key === 'z') {
        const target = event.shiftKey ? history.redo(current()) : history.undo(current());
        if (target) emit(target);
        handled = true;
      } else if (mod && !event.altKey && key === 'y') {
        const target = history.redo(current());
        if (target) emit(target);
        handled = true;
      } else if (mod && !event.altKey && !event.shiftKey && shortcuts.has(key)) {
        format(shortcuts.get(key)!);
        handled = true;
      } else if (key === 'enter' && !mod && !event.shiftKey && !event.altKey) {
        handled = apply(continueList(value, selectionStart, selectionEnd));
      } else if (key === 'tab' && !mod && !event.altKey) {
        const direction = event.shiftKey ? 'out' : 'in';
        handled = apply(indentListItems(value, selectionStart, selectionEnd, direction));
      }
      if (handled) event.preventDefault();
    }

    /** HTML pasted from a document as markdown; Ctrl/⌘+Shift+V keeps the plain text (decision 214). */
    function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
      onPasteProp?.(event);
      const plain = plainNext.current;
      plainNext.current = false;
      if (event.defaultPrevented || disabled || plain) return;
      const html = event.clipboardData.getData('text/html');
      const markdown = html ? htmlToMarkdown(html) : null;
      if (markdown === null) return;
      event.preventDefault();
      const { selectionStart, selectionEnd } = current();
      const caret = selectionStart + markdown.length;
      apply({
        value: value.slice(0, selectionStart) + markdown + value.slice(selectionEnd),
        selectionStart: caret,
        selectionEnd: caret,
      });
    }

    return (
      <div className={clsx(fill && 'flex min-h-0 flex-col', containerClassName)}>
        <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
          <label
            htmlFor={inputId}
            className={clsx('block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}
          >
            {label}
          </label>
          {aside}
        </div>
        <div
          className={clsx(
            'overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-indigo-600',
            fill && 'flex min-h-0 flex-1 flex-col',
            error && 'ring-red-400',
          )}
        >
          <FormatToolbar onFormat={format} controls={inputId} disabled={disabled} />
          <textarea
            ref={textareaRef}
            id={inputId}
            rows={rows}
            value={value}
            disabled={disabled}
            onChange={(event) => {
              history.record(
                {
                  value,
                  selectionStart: selection.current.start,
                  selectionEnd: selection.current.end,
                },
                'typing',
              );
              emitted.current = event.target.value;
              onChange(event.target.value);
            }}
            onSelect={(event) => {
              selection.current = {
                start: event.currentTarget.selectionStart,
                end: event.currentTarget.selectionEnd,
              };
              onSelectProp?.(event);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={clsx(
              inputClasses,
              'rounded-none font-mono leading-relaxed shadow-none ring-0 focus:ring-0',
              fill ? 'min-h-0 flex-1 resize-none' : 'resize-y',
              className,
            )}
            {...rest}
          />
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  },
);
