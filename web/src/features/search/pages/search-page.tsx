import { SEARCH_EXACT_COUNT_MAX, type SearchResult, type SearchType } from '@cw/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, SearchX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FormMessage } from '../../../components/form-message';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { FilterSelect, LibraryFilterBar } from '../../../components/library-filters';
import { SearchInput } from '../../../components/search-input';
import { libraryFiltersFrom, useLibraryFilters } from '../../../components/use-library-filters';
import { downloadFile } from '../../../lib/api/files';
import { searchQueryOptions, type SearchFilters } from '../../../lib/api/search';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCount, formatDate } from '../../../lib/format';
import { rememberSearch } from '../../../lib/recent-searches';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SEARCH_Q_MAX } from '../components/command-palette';
import { ResultSummary } from '../components/result-summary';
import { resultPath, TYPE_GROUPS, TYPE_LABELS } from '../result-target';

const isType = (value: string | null): value is SearchType =>
  value !== null && value in TYPE_LABELS;

/** The query and filters kept in the address (`/search?q=intro&type=content&tag=5`). */
export function searchFromParams(params: URLSearchParams): { q: string; filters: SearchFilters } {
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_Q_MAX);
  const filters: SearchFilters = {};
  const type = params.get('type');
  if (isType(type)) filters.type = type;
  Object.assign(filters, libraryFiltersFrom(params));
  return { q, filters };
}

/**
 * /search: every result for a query, with filters (type, collection, tag, status), all kept in
 * the address so reload and back/forward keep the view; 20 results a page with Load more.
 */
export function SearchPage() {
  const user = useCurrentUser();
  const { params, setParam, clearFilters, choices } = useLibraryFilters(user.id, ['type']);
  const { q, filters } = searchFromParams(params);
  useDocumentTitle(q ? `“${q}”` : null, 'Search');
  const results = useInfiniteQuery(searchQueryOptions(user.id, q, filters));
  const items = results.data?.pages.flatMap((page) => page.results) ?? [];
  const total = results.data?.pages[0]?.count ?? 0;
  // Past this many hits the server estimates the count (docs/api.md, "Search").
  const estimated = total > SEARCH_EXACT_COUNT_MAX;
  const filtered = Object.keys(filters).length > 0;
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <section>
      <PageHeader
        title="Search"
        description="Find content, notes, collections, files and tags by their words."
      />
      <SearchForm
        key={q}
        initial={q}
        onSearch={(text) => {
          rememberSearch(user.id, text);
          setParam('q', text);
        }}
      />
      <LibraryFilterBar
        label="Filter results"
        filtered={filtered}
        onClear={clearFilters}
        filters={filters}
        {...choices}
      >
        <FilterSelect
          label="Type"
          value={filters.type ?? ''}
          onChange={(value) => setParam('type', value)}
        >
          <option value="">All types</option>
          {TYPE_GROUPS.map((group) => (
            <option key={group.type} value={group.type}>
              {group.label}
            </option>
          ))}
        </FilterSelect>
      </LibraryFilterBar>

      <FormMessage tone="error" className="mb-4">
        {failure}
      </FormMessage>
      {q === '' ? (
        <EmptyState
          icon={Search}
          title="Search your workspace."
          description="Type words above. Quotes find an exact phrase, -word leaves a word out, and #tag finds what carries a tag."
        />
      ) : results.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Searching..." />
        </div>
      ) : results.isError ? (
        <FormMessage tone="error">Search failed. Please try again.</FormMessage>
      ) : items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={`No results for "${q}".`}
          description={
            filtered ? 'Try other words, or clear the filters.' : 'Try other or fewer words.'
          }
        />
      ) : (
        <>
          <p className="sr-only" role="status">
            {estimated
              ? `About ${formatCount(total)} results`
              : `${formatCount(total)} ${total === 1 ? 'result' : 'results'}`}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Search results">
            {items.map((result) => (
              <li key={`${result.type}-${result.id}`}>
                <ResultRow
                  result={result}
                  onDownloadFailed={() =>
                    setFailure('Failed to download the file. Please try again.')
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore shown={items.length} total={total} pages={results} estimated={estimated} />
        </>
      )}
    </section>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (q) onSearch(q);
  }
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex gap-2">
      <label htmlFor={id} className="sr-only">
        Search for
      </label>
      <SearchInput
        containerClassName="min-w-0 flex-1"
        id={id}
        value={text}
        maxLength={SEARCH_Q_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search everything..."
        enterKeyHint="search"
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

const rowClasses =
  'block w-full rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 transition hover:ring-indigo-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A result that opens where the palette opens it (a file without a home downloads). */
function ResultRow({
  result,
  onDownloadFailed,
}: {
  result: SearchResult;
  onDownloadFailed: () => void;
}) {
  const path = resultPath(result);
  const body = (
    <span className="flex min-w-0 items-start justify-between gap-3">
      <span className="min-w-0 flex-1">
        <ResultSummary result={result} typeLabel={TYPE_LABELS[result.type]} />
      </span>
      <span className="hidden shrink-0 text-xs text-slate-500 sm:block">
        {formatDate(result.updated_on)}
      </span>
    </span>
  );
  return path ? (
    <Link to={path} className={rowClasses} data-testid="search-result">
      {body}
    </Link>
  ) : (
    <button
      type="button"
      className={rowClasses}
      data-testid="search-result"
      onClick={() =>
        void downloadFile({ id: result.id, name: result.title }).catch(onDownloadFailed)
      }
    >
      {body}
    </button>
  );
}
