import type { Role } from '@cw/contract';
import { clsx } from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ContentTab } from './content-tab';
import { FilesTab } from './files-tab';
import { NotesTab } from './notes-tab';

const TABS = [
  { id: 'notes', label: 'Notes' },
  { id: 'content', label: 'Content' },
  { id: 'files', label: 'Files & Attachments' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.id === value);

/** A collection's Notes, Content and Files & Attachments; the tab shown is kept in `?tab=`. */
export function CollectionTabs({ collectionId, role }: { collectionId: number; role: Role }) {
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'notes';
  const setTab = (next: Tab) => {
    const params = new URLSearchParams(search);
    if (next === 'notes') params.delete('tab');
    else params.set('tab', next);
    setSearch(params, { replace: true });
  };

  return (
    <div className="min-w-0">
      <Tabs current={tab} onSelect={setTab} />
      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={0}
        className="rounded-xl"
      >
        {tab === 'notes' ? (
          <NotesTab collectionId={collectionId} role={role} />
        ) : tab === 'content' ? (
          <ContentTab collectionId={collectionId} role={role} />
        ) : (
          <FilesTab collectionId={collectionId} role={role} />
        )}
      </div>
    </div>
  );
}

/**
 * The tablist of the WAI-ARIA tabs pattern: one tab in the Tab order, arrows (and Home/End)
 * move between tabs and select them; the choice is kept in the address (`?tab=files`).
 */
function Tabs({ current, onSelect }: { current: Tab; onSelect: (tab: Tab) => void }) {
  const buttons = useRef<Map<Tab, HTMLButtonElement>>(new Map());

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === current);
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = TABS[target]!.id;
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Collection sections"
      onKeyDown={onKeyDown}
      className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {TABS.map((tab) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-2',
              selected
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
