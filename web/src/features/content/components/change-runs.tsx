import type { TextChange } from './text-changes';

/** Text kept in both as it is; text only in the version struck through; new text marked. */
export function ChangeRuns({ changes }: { changes: TextChange[] }) {
  return (
    <>
      {changes.map((change, index) =>
        change.kind === 'same' ? (
          <span key={index}>{change.value}</span>
        ) : change.kind === 'removed' ? (
          <del key={index} className="bg-rose-100 text-rose-900">
            {change.value}
          </del>
        ) : (
          <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
            {change.value}
          </ins>
        ),
      )}
    </>
  );
}
