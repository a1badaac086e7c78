import { mentionToken } from '@cw/contract/mentions';
import type { Person } from '@cw/contract';
import { clsx } from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { usePeople } from '../api/comments';

/** The `@` being typed just before the caret: where it starts and what follows it. */
function mentionQuery(value: string, caret: number): { at: number; query: string } | null {
  const before = value.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1] ?? ''))) return null;
  const query = before.slice(at + 1);
  return /^[^\s@[\]()]{0,30}$/.test(query) ? { at, query } : null;
}

const SHOWN = 8;

/**
 * A comment's text box (docs/product.md, "Comments"): markdown, and `@` opens the list of the
 * people who can read the item (a listbox: ↑ and ↓ choose, Enter or Tab picks, Esc closes);
 * a pick writes the mention `@[Name](user:ID)`. Ctrl/⌘+Enter sends.
 */
export function CommentBox({
  contentId,
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  contentId: number;
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initial);
  const [query, setQuery] = useState<{ at: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const people = usePeople(contentId, query !== null);
  const matches: Person[] = query
    ? (people.data?.results ?? [])
        .filter((person) => person.name.toLowerCase().includes(query.query.toLowerCase()))
        .slice(0, SHOWN)
    : [];
  const open = query !== null && matches.length > 0;
  const listId = `${id}-people`;
  const optionId = (index: number) => `${id}-person-${index}`;

  function track(next: string, caret: number) {
    setValue(next);
    const found = mentionQuery(next, caret);
    setQuery(found);
    if (found?.query !== query?.query) setActive(0);
  }

  function pick(person: Person) {
    if (!query) return;
    const caret = box.current?.selectionStart ?? value.length;
    const token = `${mentionToken(person.id, person.name)} `;
    const next = value.slice(0, query.at) + token + value.slice(caret);
    setValue(next);
    setQuery(null);
    const at = query.at + token.length;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  }

  async function submit() {
    if (!value.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(value.trim());
      setValue('');
    } catch {
      setError('Could not send the comment. Try again.');
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const person = matches[active];
        if (person) pick(person);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    // Not a form: the writing page's fields are one, and forms do not nest.
    <div className="relative">
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={box}
        rows={2}
        value={value}
        placeholder={`${label}… (@ to mention)`}
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined}
        onChange={(event) => track(event.target.value, event.target.selectionStart)}
        onKeyDown={onKeyDown}
        // An option's mousedown keeps the focus here (preventDefault), so a pick never blurs.
        onBlur={() => setQuery(null)}
        className="block w-full resize-y rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-indigo-600"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People who can read this"
          className="absolute z-20 mt-1 max-h-56 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {matches.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={clsx(
                'cursor-pointer px-3 py-1.5',
                index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
              )}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="mt-1.5 flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          disabled={!value.trim() || sending}
          onClick={() => void submit()}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
