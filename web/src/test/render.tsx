import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen as screenQueries_ } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';

/** Shows where the router is, so tests can assert navigation (path + state). */
export function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div
        data-testid="location"
        data-search={location.search}
        data-state={JSON.stringify(location.state ?? null)}
      >
        {location.pathname}
      </div>
      <button type="button" data-testid="history-back" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

/** The current path shown by LocationProbe. */
export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** The query string shown by LocationProbe ("?tag=3" or ""). */
export function currentSearch(): string {
  return document.querySelector('[data-testid="location"]')?.getAttribute('data-search') ?? '';
}

/** The router state shown by LocationProbe. */
export function currentState(): unknown {
  const raw = document.querySelector('[data-testid="location"]')?.getAttribute('data-state');
  return raw ? (JSON.parse(raw) as unknown) : null;
}

export interface RenderOptions {
  path?: string;
  route?: string;
  state?: unknown;
  /** Query string of `route`, e.g. `?collection=3`. */
  search?: string;
  /** Extra routes (e.g. destinations) rendered beside the one under test. */
  extraRoutes?: ReactElement;
  /** Paths in history before `route` (to test replace vs push). */
  previous?: string[];
}

/** "/content?tag=3" → pathname and search. */
function splitRoute(route: string) {
  const index = route.indexOf('?');
  return index < 0
    ? { pathname: route, search: '' }
    : { pathname: route.slice(0, index), search: route.slice(index) };
}

/** Renders a page inside a MemoryRouter and a fresh QueryClient (no retries). */
export function renderPage(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', route = path, state, search, extraRoutes, previous = [] } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter
        initialEntries={[
          ...previous,
          { ...splitRoute(route), ...(search === undefined ? {} : { search }), state },
        ]}
        initialIndex={previous.length}
      >
        <Routes>
          <Route path={path} element={ui} />
          {extraRoutes}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** A tiny fetch fake: route by "METHOD /path" (query string ignored); records every call. */
export function fakeFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: FetchCall[] = [];
  const counters = new Map<string, number>();
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ url, method, body, headers: new Headers(init.headers) });
    const key = `${method} ${path}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    if (Array.isArray(handler)) {
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      const pick = handler[Math.min(index, handler.length - 1)]!;
      return pick(url, init);
    }
    return handler(url, init);
  };
  return { fn, calls };
}

/**
 * Handlers for a request that fails twice: first the server answers `status` with `body`, then
 * the network is gone (fetch rejects, as it does offline).
 */
export function failsThenOffline(status: number, body: unknown): Handler[] {
  return [
    () => json(status, body),
    () => {
      throw new TypeError('offline');
    },
  ];
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Fakes only setTimeout/clearTimeout (redirect delays, countdowns, "Copied!"), leaving
 * setInterval real so Testing Library's findBy/waitFor keep polling.
 */
export function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves fake time forward inside act(). */
export function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Types into a labelled field quickly (one paste instead of a keystroke per character). */
export async function typeInto(
  user: { click: (element: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  label: string | RegExp,
  text: string,
) {
  const field = screenQueries_.getByLabelText(label);
  await user.click(field);
  await user.paste(text);
}
