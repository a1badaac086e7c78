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

/** A title that changed: the old one struck through, the new one marked. */
export function TitleChange({ from, to }: { from: string; to: string }) {
  return (
    <p className="mb-2 text-sm [overflow-wrap:anywhere]">
      <span className="text-slate-600">Title: </span>
      <del className="bg-rose-100 text-rose-900">{from}</del>{' '}
      <ins className="bg-emerald-100 text-emerald-900 no-underline">{to}</ins>
    </p>
  );
}

/** The runs of a comparison in a scrolling box, text as written (line breaks kept). */
export function ChangesBox({ changes, testId }: { changes: TextChange[]; testId: string }) {
  return (
    <div
      className="max-h-[55vh] overflow-y-auto rounded-lg bg-slate-50 p-4 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200"
      data-testid={testId}
    >
      <ChangeRuns changes={changes} />
    </div>
  );
}
