import { clsx } from 'clsx';
import { Bold, Code, Italic, List, Underline, type LucideIcon } from 'lucide-react';
import {
  forwardRef,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { applyMarkdownFormat, type MarkdownFormat, type TextEdit } from './markdown-format';
import { inputClasses } from './text-field';

const tools: { format: MarkdownFormat; label: string; Icon: LucideIcon }[] = [
  { format: 'bold', label: 'Bold', Icon: Bold },
  { format: 'italic', label: 'Italic', Icon: Italic },
  { format: 'underline', label: 'Underline', Icon: Underline },
  { format: 'code', label: 'Code', Icon: Code },
  { format: 'bullet-list', label: 'Bullet list', Icon: List },
];

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
}

/**
 * A markdown textarea with a formatting toolbar (bold, italic, underline, code, bullet list).
 * The buttons wrap the selection or insert markdown at the cursor, then restore focus and
 * select what was wrapped/inserted. The textarea is plain and controlled: nothing heavy runs
 * on a keystroke here (previews defer their own rendering).
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
      rows = 10,
      disabled,
      ...rest
    },
    ref,
  ) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const errorId = `${inputId}-error`;
    const textareaRef = useRef<HTMLTextAreaElement>(null);
    const pendingSelection = useRef<TextEdit | null>(null);
    useImperativeHandle(ref, () => textareaRef.current!, []);

    useLayoutEffect(() => {
      const edit = pendingSelection.current;
      const textarea = textareaRef.current;
      if (!edit || !textarea || textarea.value !== edit.value) return;
      pendingSelection.current = null;
      textarea.focus();
      textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    }, [value]);

    function format(kind: MarkdownFormat) {
      const textarea = textareaRef.current;
      if (!textarea) return;
      const edit = applyMarkdownFormat(
        kind,
        value,
        textarea.selectionStart ?? value.length,
        textarea.selectionEnd ?? value.length,
      );
      pendingSelection.current = edit;
      onChange(edit.value);
    }

    return (
      <div className={containerClassName}>
        <div className="mb-1.5 flex items-end justify-between gap-2">
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
            error && 'ring-red-400',
          )}
        >
          <div
            role="toolbar"
            aria-label="Formatting"
            aria-controls={inputId}
            className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
          >
            {tools.map(({ format: kind, label: toolLabel, Icon }) => (
              <button
                key={kind}
                type="button"
                title={toolLabel}
                aria-label={toolLabel}
                disabled={disabled}
                // Keep the selection in the textarea while clicking.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => format(kind)}
                className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-white hover:text-slate-900 hover:shadow-sm disabled:opacity-50"
              >
                <Icon className="size-4" aria-hidden="true" />
              </button>
            ))}
          </div>
          <textarea
            ref={textareaRef}
            id={inputId}
            rows={rows}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={clsx(
              inputClasses,
              'resize-y rounded-none font-mono leading-relaxed shadow-none ring-0 focus:ring-0',
              className,
            )}
            {...rest}
          />
        </div>
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  },
);
