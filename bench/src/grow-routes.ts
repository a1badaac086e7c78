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

export function routePaths(facts: GrowFacts): Record<Route, { path: string; auth: boolean }> {
  const pages = Math.max(1, Math.ceil(facts.heavyItems / 50));
  const search = (q: string) => `${pathOf('search.query')}?q=${encodeURIComponent(q)}`;
  return {
    collections: { path: `${pathOf('collections.list')}?page_size=50`, auth: true },
    contents: { path: `${pathOf('contents.list')}?page_size=50`, auth: true },
    contentsFiltered: {
      path: `${pathOf('contents.list')}?page_size=50&status=scripting&status=editing&tag=${facts.tagId}&ordering=-updated_on`,
      auth: true,
    },
    contentsDeep: {
      path: `${pathOf('contents.list')}?page_size=50&page=${Math.max(1, Math.floor(pages * 0.75))}`,
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

export interface RunFigures {
  kind: Kind;
  items: number;
  facts: Omit<GrowFacts, 'shape'> & { shape: GrowFacts['shape'] };
  seedSeconds: number;
  validation: string[];
  routes: Partial<Record<Route, LoadResult & { bytes: number }>>;
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
