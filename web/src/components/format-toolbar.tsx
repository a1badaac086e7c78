import type { MarkdownFormat } from './markdown-format';
import { MARKDOWN_TOOLS } from './markdown-tools';

/** "Ctrl" or "⌘", as the person's keyboard says it. */
const modifierName =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/**
 * The Formatting toolbar above both markdown editors (the notes' textarea and the scripts'
 * CodeMirror): one button a tool, its shortcut in the tooltip.
 */
export function FormatToolbar({
  onFormat,
  controls,
  disabled,
}: {
  onFormat: (format: MarkdownFormat) => void;
  /** The id of the field the buttons change, when it has one. */
  controls?: string;
  disabled?: boolean;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
    >
      {MARKDOWN_TOOLS.map(({ format, label, Icon, shortcut }) => (
        <button
          key={format}
          type="button"
          title={shortcut ? `${label} (${modifierName}+${shortcut})` : label}
          aria-label={label}
          disabled={disabled}
          // Keep the selection in the editor while clicking.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onFormat(format)}
          className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-white hover:text-slate-900 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-50"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
