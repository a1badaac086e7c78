import { Keyboard } from 'lucide-react';
import { Button } from '../../../components/button';

/** The teleprompter's keys (docs/product.md, "Teleprompter"), as the help lists them. */
export const SHORTCUTS: readonly (readonly [keys: string[], what: string])[] = [
  [['Space'], 'Start or pause'],
  [['↓', '↑'], 'Scroll two lines on or back'],
  [['→', '←'], 'Faster or slower, by 10 words a minute'],
  [['1', '–', '9'], 'Jump to that section'],
  [['?'], 'Show or hide these shortcuts'],
];

export const SHORTCUTS_PANEL_ID = 'teleprompter-shortcuts';

/** "Shortcuts": opens and closes the list of keys. */
export function ShortcutsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Button
      size="sm"
      variant="outline-light"
      icon={Keyboard}
      aria-expanded={open}
      aria-controls={SHORTCUTS_PANEL_ID}
      aria-keyshortcuts="Shift+/"
      onClick={onToggle}
    >
      Shortcuts
    </Button>
  );
}

/** The keys and what each does, under the controls while open. */
export function ShortcutsPanel({ open }: { open: boolean }) {
  if (!open) return null;
  return (
    <section
      id={SHORTCUTS_PANEL_ID}
      aria-label="Keyboard shortcuts"
      className="border-b border-white/10 px-4 py-3 text-sm text-slate-200"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 sm:grid-cols-[auto_1fr_auto_1fr]">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="contents">
            <dt className="flex items-center gap-1">
              {keys.map((key) =>
                key === '–' ? (
                  <span key={key} aria-label="to">
                    –
                  </span>
                ) : (
                  <kbd
                    key={key}
                    className="min-w-6 rounded bg-white/15 px-1.5 py-0.5 text-center font-mono text-xs text-white"
                  >
                    {key}
                  </kbd>
                ),
              )}
            </dt>
            <dd className="text-slate-300">{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
