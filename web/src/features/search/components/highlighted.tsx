import { segmentsOf } from '../highlight';

/**
 * Text with its matches in `<mark>` elements, built from slices of the plain text (never from
 * HTML, so nothing in a title or snippet can become markup).
 */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly (readonly [number, number])[];
}) {
  return (
    <>
      {segmentsOf(text, ranges).map((segment, index) =>
        segment.match ? (
          <mark
            key={index}
            className="rounded-sm bg-amber-100 [box-decoration-break:clone] px-px text-inherit"
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
