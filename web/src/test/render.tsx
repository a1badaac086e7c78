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
