import type { FastifyRequest } from 'fastify';
import { decodeListCursor, type CursorPart, type CursorValue, type Paginated } from '@cw/contract';
import { validationFailed } from './errors';

export interface PageParams {
  page: number;
  page_size: number;
}

/** One page of rows as a service finds it; the HTTP layer adds the links (`listAnswer`). */
export interface Page<T> {
  results: T[];
  count: number;
  /**
   * The cursor of the next page, for a list paged by key (decision 264): `next` carries it as
   * `after`, so following it reads the rows after this page's last from the index.
   */
  after?: string;
}

/** LIMIT and OFFSET of one page (pages count from 1). */
export const pageWindow = ({ page, page_size }: PageParams) => ({
  limit: page_size,
  offset: (page - 1) * page_size,
});

/**
 * The sort key an `after` cursor holds for `ordering` (decision 264), or undefined without one.
 * The contract has checked it already; one that is not a cursor of this ordering is a 400 here too.
 */
export function cursorKey(
  after: string | undefined,
  ordering: string,
  parts: readonly CursorPart[],
): CursorValue[] | undefined {
  if (after === undefined) return undefined;
  const decoded = decodeListCursor(after, ordering, parts);
  if ('problem' in decoded) throw validationFailed({ after: [decoded.problem] });
  return decoded.key;
}

/**
 * The answer of every list: `next`/`previous` are absolute-path URLs on the list's canonical
 * path that keep every other query parameter of the request (filters), so a client can follow
 * them as they are. A page past the end is empty, with `previous` still pointing back. A list
 * paged by key puts its cursor in `next` as `after`, beside `page` (decision 264); `previous`
 * is by page number.
 */
export function paginate<T>(
  { results, count, after }: Page<T>,
  params: PageParams,
  listPath: string,
  requestUrl: string,
): Paginated<T> {
  const { page, page_size } = params;
  const query = requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?') + 1) : '';
  const rest = new URLSearchParams(query);
  rest.delete('page');
  rest.delete('page_size');
  rest.delete('after');
  const link = (target: number, cursor?: string) => {
    const search = new URLSearchParams({ page: String(target), page_size: String(page_size) });
    if (cursor !== undefined) search.append('after', cursor);
    for (const [key, value] of rest) search.append(key, value);
    return `${listPath}?${search.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  return {
    count,
    next: page < lastPage ? link(page + 1, after) : null,
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
