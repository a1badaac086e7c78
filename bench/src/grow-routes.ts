// What the growth bench measures and records (src/grow.ts): its routes, and the shape of
// bench/grow-results.json.
import { pathOf } from '@cw/contract/routes';
import type { LoadResult } from './load';
import { GROW_TAG, type GrowFacts } from './grow-seed';

export type Kind = 'pglite' | 'postgres';

export const ROUTES = [
  'collections',
  'contents',
  'contentsFiltered',
  'contentsDeep',
  'item',
  'searchWord',
  'searchPhrase',
  'searchTag',
  'searchPrefix',
  'publicPage',
  'publicFeed',
  'board',
  'dashboard',
] as const;
export type Route = (typeof ROUTES)[number];
export const ROUTE_LABEL: Record<Route, string> = {
  collections: 'collections list (page of 50)',
  contents: 'contents list (page of 50)',
  contentsFiltered: 'contents list, status + tag filters',
  contentsDeep: 'contents list, a page ¾ deep',
  item: 'one content item (median length)',
  searchWord: 'search: one word',
  searchPhrase: 'search: a phrase',
  searchTag: 'search: #tag',
  searchPrefix: 'search: a prefix',
  publicPage: 'public page of a collection',
  publicFeed: 'its feed',
  board: 'board (scope all, by position)',
  dashboard: 'dashboard summary',
};
export const SEARCH = {
  searchWord: 'camera',
  searchPhrase: '"golden hour lighting"',
  searchTag: `#${GROW_TAG}`,
  searchPrefix: 'scri',
} as const;

/** The page ¾ deep into the largest account's contents list (pages of 50). */
export const deepPage = (facts: GrowFacts) =>
  Math.max(1, Math.floor(Math.max(1, Math.ceil(facts.heavyItems / 50)) * 0.75));

/**
 * The routes' paths as first written: the deep page by its number (OFFSET). `resolveRoutePaths`
 * makes it what a client following `next` asks.
 */
export function routePaths(facts: GrowFacts): Record<Route, { path: string; auth: boolean }> {
  const search = (q: string) => `${pathOf('search.query')}?q=${encodeURIComponent(q)}`;
  return {
    collections: { path: `${pathOf('collections.list')}?page_size=50`, auth: true },
    contents: { path: `${pathOf('contents.list')}?page_size=50`, auth: true },
    contentsFiltered: {
      path: `${pathOf('contents.list')}?page_size=50&status=scripting&status=editing&tag=${facts.filterTagId}&ordering=-updated_on`,
      auth: true,
    },
    contentsDeep: {
      path: `${pathOf('contents.list')}?page_size=50&page=${deepPage(facts)}`,
      auth: true,
    },
    item: { path: pathOf('contents.get', { id: facts.itemId }), auth: true },
    searchWord: { path: search(SEARCH.searchWord), auth: true },
    searchPhrase: { path: search(SEARCH.searchPhrase), auth: true },
    searchTag: { path: search(SEARCH.searchTag), auth: true },
    searchPrefix: { path: search(SEARCH.searchPrefix), auth: true },
    publicPage: { path: pathOf('public.page', { public_id: facts.publicId }), auth: false },
    publicFeed: { path: pathOf('public.feed', { public_id: facts.publicId }), auth: false },
    board: {
      path: `${pathOf('contents.list')}?page_size=200&ordering=position&scope=all`,
      auth: true,
    },
    dashboard: { path: pathOf('dashboard.summary'), auth: true },
  };
}

/**
 * The paths the bench measures (bench/README.md, "Growth"): the deep page is the `next` link of
 * the page before it, read once here, as a client paging through the list asks for it (its
 * cursor reads the page from the index by key, decision 264); a server without cursors gives a
 * `next` by page number, the same page by OFFSET.
 */
export async function resolveRoutePaths(
  baseUrl: string,
  token: string,
  facts: GrowFacts,
): Promise<Record<Route, { path: string; auth: boolean }>> {
  const paths = routePaths(facts);
  const page = deepPage(facts);
  if (page < 2) return paths;
  const before = await fetch(`${baseUrl}${pathOf('contents.list')}?page_size=50&page=${page - 1}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { next } = (await before.json()) as { next?: string | null };
  if (!before.ok || !next) throw new Error(`contents list page ${page - 1}: no next link`);
  return { ...paths, contentsDeep: { path: next, auth: true } };
}

export interface PlanFinding {
  route: Route;
  /** The query's first line, shortened. */
  query: string;
  seqScans: string[];
  totalCost: number;
}

export interface PlanReport {
  largeTables: Record<string, number>;
  queries: number;
  findings: PlanFinding[];
  /** Routes with a sequential scan of a large table. */
  misses: { route: Route; table: string; query: string }[];
  errors: string[];
}

/**
 * The same route with one client, one request at a time (bench/README.md, "Growth"): the
 * latency a person meets on an idle instance, which the absolute targets are read against.
 */
export interface OneClient {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
}

export interface RunFigures {
  kind: Kind;
  items: number;
  facts: Omit<GrowFacts, 'shape'> & { shape: GrowFacts['shape'] };
  seedSeconds: number;
  validation: string[];
  routes: Partial<Record<Route, LoadResult & { bytes: number; oneClient?: OneClient }>>;
  export?: { seconds: number; zipMb: number; rssBeforeMb: number; rssPeakMb: number };
  import?: {
    seconds: number;
    status: string;
    created: Record<string, number>;
    errors: number;
    rssBeforeMb: number;
    rssPeakMb: number;
  };
  purge?: { seconds: number; result: Record<string, unknown> };
  pruning?: { seconds: number; removed: number };
  dbSizeMb: number;
  serverRss: { idleMb: number; afterMb: number; peakMb: number };
  plans?: PlanReport;
  problems: string[];
}

export interface GrowResults {
  date: string;
  mode: 'record' | 'partial';
  machine: {
    cores: number;
    node: string;
    loadAverage: number[];
    /** The lowest and highest 1-minute load average sampled during the run (older files lack it). */
    loadDuring?: [number, number];
    note: string;
  };
  settings: {
    connections: number;
    durationS: number;
    warmupS: number;
    sizes: number[];
    dbs: Kind[];
  };
  totalSeconds: number;
  runs: RunFigures[];
  publishedVersionLabel: string;
}
