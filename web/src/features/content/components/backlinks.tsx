import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailPanel } from '../../../components/detail-panel';
import { backlinksQueryOptions } from '../../../lib/api/links';

/**
 * "Backlinks": the items the signed-in person may read whose text links to this one with
 * `[[…]]` (docs/api.md, "Links between items"; decision 211), newest first, as links.
 */
export function Backlinks({
  contentId,
  panel = true,
}: {
  contentId: number;
  /** A detail page's boxed panel; false: a titled part of the writing page's side panel. */
  panel?: boolean;
}) {
  const backlinks = useQuery(backlinksQueryOptions(contentId));
  const page = backlinks.data;
  const list = backlinks.isPending ? (
    <p className="text-sm text-slate-500">Loading...</p>
  ) : backlinks.isError ? (
    <p className="text-sm text-slate-500 italic">Backlinks could not be loaded.</p>
  ) : !page || page.results.length === 0 ? (
    <p className="text-sm text-slate-500 italic">No item links here yet</p>
  ) : (
    <>
      <ul className="space-y-1.5">
        {page.results.map((source) => (
          <li key={source.id} className="min-w-0">
            <Link
              to={`/content/${source.id}`}
              title={source.title}
              className="block truncate rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {source.title || 'Untitled'}
            </Link>
          </li>
        ))}
      </ul>
      {page.count > page.results.length && (
        <p className="mt-2 text-xs text-slate-500">
          {page.results.length} of {page.count} shown
        </p>
      )}
    </>
  );
  return panel ? (
    <DetailPanel title="Backlinks" aria-label="Backlinks">
      {list}
    </DetailPanel>
  ) : (
    <section aria-label="Backlinks">
      <h2 className="mb-1.5 text-sm font-medium text-slate-700">Backlinks</h2>
      {list}
    </section>
  );
}
