import type { ContentStatus } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { collectionsPageQueryOptions } from '../lib/api/collections';
import { useAllTags } from '../lib/api/tags';
import { STATUS_LABELS } from './content-card';

/** The library filters every list screen keeps in its address (`?collection=3&tag=5&status=idea`). */
export interface LibraryFilters {
  collection?: number;
  tag?: number;
  status?: ContentStatus;
}

const idParam = (value: string | null) => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
};

const isStatus = (value: string | null): value is ContentStatus =>
  value !== null && value in STATUS_LABELS;

/** The Collection, Tag and Status filters of an address; a value that is not one is left out. */
export function libraryFiltersFrom(params: URLSearchParams): LibraryFilters {
  const filters: LibraryFilters = {};
  const collection = idParam(params.get('collection'));
  const tag = idParam(params.get('tag'));
  const status = params.get('status');
  if (collection) filters.collection = collection;
  if (tag) filters.tag = tag;
  if (isStatus(status)) filters.status = status;
  return filters;
}

/**
 * The address of a filtered list screen (/content, /search): its parameters, `setParam` (one
 * history entry per change, so Back returns to the previous view), `clearFilters` (the library
 * filters and the screen's own `ownFilters`), and the collections and tags the selects offer.
 */
export function useLibraryFilters(userId: number, ownFilters: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const collections = useQuery(collectionsPageQueryOptions(userId, 1, 200));
  const tags = useAllTags(userId);

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  }

  function clearFilters() {
    const next = new URLSearchParams(params);
    for (const name of [...ownFilters, 'collection', 'tag', 'status']) next.delete(name);
    setParams(next);
  }

  return {
    params,
    setParam,
    clearFilters,
    choices: { collections: collections.data?.results, tags: tags.data, onChange: setParam },
  };
}
