import type { ContentItem, ContentOrdering } from '@cw/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FilePlus2, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button';
import { ContentCardGrid } from '../../../components/content-card';
import { libraryFiltersFrom, useLibraryFilters } from '../../../components/use-library-filters';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { FilterSelect, LibraryFilterBar } from '../../../components/library-filters';
import { scopeFromParam, ScopeSelect } from '../../../components/scope-filter';
import { contentsQueryOptions, type ContentFilters } from '../../../lib/api/contents';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeleteContentDialog } from '../components/delete-content-dialog';

/** The sort choices and the list `ordering` each one asks for (docs/api.md, "Lists"). */
const SORTS = {
  newest: { label: 'Newest', ordering: '-created_on' },
  edited: { label: 'Last edited', ordering: '-updated_on' },
  title: { label: 'Title', ordering: 'title' },
  publish: { label: 'Publish date', ordering: 'publish_on' },
} as const satisfies Record<string, { label: string; ordering: ContentOrdering }>;
type Sort = keyof typeof SORTS;

const isSort = (value: string | null): value is Sort => value !== null && value in SORTS;

/** The filters and sort kept in the address (`?sort=title&collection=3&tag=5&status=idea`). */
export function filtersFromSearch(search: URLSearchParams): {
  sort: Sort;
  filters: ContentFilters;
} {
  const sortParam = search.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'newest';
  const filters: ContentFilters = libraryFiltersFrom(search);
  // Whose items: the person's own and what is shared with them, unless they narrow it
  // (decision 220).
  filters.scope = scopeFromParam(search.get('scope'));
  if (sort !== 'newest') filters.ordering = SORTS[sort].ordering;
  return { sort, filters };
}

/**
 * /content: Your Content, sorted and filtered through the address so reload and back/forward
 * keep the view. A failed load shows an empty list (docs/product.md, "Error catalogue").
 */
export function ContentListPage() {
  useDocumentTitle('Your Content');
  const user = useCurrentUser();
  const { params, setParam, clearFilters, choices } = useLibraryFilters(user.id, ['scope']);
  const { sort, filters } = filtersFromSearch(params);
  const contents = useInfiniteQuery(contentsQueryOptions(user.id, filters));
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const items = contents.data?.pages.flatMap((page) => page.results) ?? [];
  const total = contents.data?.pages[0]?.count ?? 0;
  const filtered =
    filters.collection !== undefined ||
    filters.tag !== undefined ||
    filters.status !== undefined ||
    filters.scope !== 'all';

  return (
    <section>
      <PageHeader
        title="Your Content"
        description="Scripts, notes and drafts, written in markdown."
        actions={
          <ButtonLink to="/content/create" icon={Plus}>
            New Content
          </ButtonLink>
        }
      />
      <LibraryFilterBar
        label="Sort and filter"
        filtered={filtered}
        onClear={clearFilters}
        filters={filters}
        {...choices}
      >
        <ScopeSelect
          scope={filters.scope ?? 'all'}
          onChange={(value) => setParam('scope', value)}
        />
        <FilterSelect
          label="Sort by"
          value={sort === 'newest' ? '' : sort}
          onChange={(value) => setParam('sort', value)}
        >
          {Object.entries(SORTS).map(([key, option]) => (
            <option key={key} value={key === 'newest' ? '' : key}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
      </LibraryFilterBar>
      {contents.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading content..." />
        </div>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="No content matches these filters."
            description="Try another collection, tag or status, or clear the filters."
          />
        ) : (
          <EmptyState
            icon={FilePlus2}
            title="No content found."
            description="Click + New Content to get started!"
          />
        )
      ) : (
        <ContentCardGrid items={items} total={total} pages={contents} onDelete={setDeleting} />
      )}
      <DeleteContentDialog item={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
