import { clsx } from 'clsx';
import { ArrowRight, History } from 'lucide-react';
import { optionIndexOf, type Option, type ResultGroup } from './palette-options';
import { ResultSummary } from './result-summary';

/**
 * The palette's listbox: recent searches, or the results under their groups' names and "See
 * all results". The mouse chooses and opens options here; the focus stays in the field.
 */
export function PaletteListbox({
  id,
  baseId,
  q,
  options,
  groups,
  activeIndex,
  stale,
  onChoose,
  onSelect,
}: {
  id: string;
  baseId: string;
  q: string;
  options: Option[];
  groups: ResultGroup[];
  activeIndex: number;
  /** The results shown are for older text. */
  stale: boolean;
  onChoose: (index: number) => void;
  onSelect: (option: Option) => void;
}) {
  const optionProps = (option: Option, index: number, extra?: string) => ({
    id: option.id,
    role: 'option' as const,
    'aria-selected': index === activeIndex,
    'data-index': index,
    className: clsx(
      'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
      index === activeIndex ? 'bg-indigo-50 ring-1 ring-indigo-200 ring-inset' : '',
      extra,
    ),
  });

  // Each group's first option index (options list the groups' results in this order).
  let offset = 0;
  const groupViews = groups.map((group) => {
    const start = offset;
    offset += group.results.length;
    return { ...group, start };
  });
  const all = options[options.length - 1];

  return (
    <div
      id={id}
      role="listbox"
      aria-label={q === '' ? 'Recent searches' : 'Search results'}
      className={clsx('flex flex-col gap-0.5', stale && q !== '' && 'opacity-70')}
      // One set of mouse handlers for every option; the focus stays in the field.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={(event) => {
        const at = optionIndexOf(event);
        if (at !== null && at !== activeIndex) onChoose(at);
      }}
      onClick={(event) => {
        const at = optionIndexOf(event);
        const option = at === null ? undefined : options[at];
        if (option) onSelect(option);
      }}
    >
      {q === ''
        ? options.map((option, at) => (
            <div key={option.id} {...optionProps(option, at)}>
              <History className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 truncate text-sm text-slate-800">
                {option.kind === 'recent' ? option.text : ''}
              </span>
            </div>
          ))
        : groupViews.map((group) => (
            <div
              key={group.type}
              role="group"
              aria-labelledby={`${baseId}-group-${group.type}`}
              className="pb-1"
            >
              <div
                id={`${baseId}-group-${group.type}`}
                aria-hidden="true"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {group.label}
              </div>
              {group.results.map((result, position) => {
                const at = group.start + position;
                const option = options[at]!;
                return (
                  <div
                    key={option.id}
                    data-testid="palette-result"
                    data-type={result.type}
                    {...optionProps(option, at)}
                  >
                    <ResultSummary result={result} active={at === activeIndex} />
                  </div>
                );
              })}
            </div>
          ))}
      {q !== '' && all?.kind === 'all' && (
        <div
          key={all.id}
          data-testid="palette-see-all"
          {...optionProps(all, options.length - 1, 'mt-1')}
        >
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
            aria-hidden="true"
          >
            <ArrowRight className="size-4" />
          </span>
          <span className="min-w-0 truncate text-sm font-medium text-indigo-700">
            See all results for &ldquo;{q}&rdquo;
          </span>
        </div>
      )}
    </div>
  );
}
