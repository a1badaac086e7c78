import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@cw/contract';

export interface PageParams {
  page: number;
  page_size: number;
}

/** One page of rows as a service finds it; the HTTP layer adds the links (`listAnswer`). */
export interface Page<T> {
  results: T[];
  count: number;
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
  { results, count }: Page<T>,
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

/** A list route's answer: the page with links on the route's own registered path. */
export function listAnswer<T>(
  request: FastifyRequest & { query: PageParams },
  page: Page<T>,
): Paginated<T> {
  return paginate(page, request.query, request.routeOptions.url ?? request.url, request.url);
}
