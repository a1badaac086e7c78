import type { ReactNode } from 'react';
import {
  TagCombobox,
  type TagComboboxProps,
  type TagOption,
} from '../../../components/tag-combobox';

export type ChosenPickerProps<T extends TagOption> = Omit<
  TagComboboxProps,
  'options' | 'selectedIds' | 'onPick'
> & {
  options: readonly T[];
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Said when none is chosen (In no collection, No tags selected). */
  none: string;
  /** The accessible name of the chosen list. */
  listLabel: string;
  /** One chosen option as a chip, with its way to remove it. */
  chip: (option: T, remove: () => void) => ReactNode;
};

/**
 * What an item is linked to (its collections, its tags): the chosen ones as removable chips, then
 * a search box whose dropdown toggles them. The other props go to the search box.
 */
export function ChosenPicker<T extends TagOption>({
  options,
  selected,
  onChange,
  none,
  listLabel,
  chip,
  ...combobox
}: ChosenPickerProps<T>) {
  const selectedSet = new Set(selected);
  const byId = new Map(options.map((option) => [option.id, option]));
  const chosen = selected.flatMap((id) => {
    const option = byId.get(id);
    return option ? [option] : [];
  });
  const without = (id: number) => selected.filter((other) => other !== id);
  return (
    <div>
      {chosen.length === 0 ? (
        <p className="mb-2 text-sm text-slate-500 italic">{none}</p>
      ) : (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={listLabel}>
          {chosen.map((option) => (
            <li key={option.id} className="max-w-full min-w-0">
              {chip(option, () => onChange(without(option.id)))}
            </li>
          ))}
        </ul>
      )}
      <TagCombobox
        {...combobox}
        options={options}
        selectedIds={selectedSet}
        onPick={(option) =>
          onChange(selectedSet.has(option.id) ? without(option.id) : [...selected, option.id])
        }
      />
    </div>
  );
}
