import type { Paginated } from '@cw/contract';

export interface PageParams {
  page: number;
  page_size: number;
}

/** LIMIT and OFFSET of one page (pages count from 1). */
export const pageWindow = ({ page, page_size }: PageParams) => ({
  limit: page_size,
  offset: (page - 1) * page_size,
});

/**
 * The answer of every list: `next`/`previous` are absolute-path URLs on the list's canonical
 * path that keep every other query parameter of the request (filters), so a client can follow
 * them as they are. A page past the end is empty, with `previous` still pointing back.
 */
export function paginate<T>(
  results: T[],
  count: number,
  params: PageParams,
  listPath: string,
  requestUrl: string,
): Paginated<T> {
  const { page, page_size } = params;
  const query = requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?') + 1) : '';
  const rest = new URLSearchParams(query);
  rest.delete('page');
  rest.delete('page_size');
  const link = (target: number) => {
    const search = new URLSearchParams({ page: String(target), page_size: String(page_size) });
    for (const [key, value] of rest) search.append(key, value);
    return `${listPath}?${search.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  return {
    count,
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
    results,
  };
}
