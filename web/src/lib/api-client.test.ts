import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../test/factories';
import { fakeFetch, json, type FetchCall } from '../test/fake-fetch';
import {
  apiFetch,
  ApiRequestError,
  callApi,
  REFRESH_LOCK_NAME,
  refreshSession,
  setSessionExpiredHandler,
} from './api-client';

afterEach(() => setSessionExpiredHandler(() => {}));

const authorization = (init: RequestInit) => new Headers(init.headers).get('Authorization');

describe('callApi', () => {
  it('sends JSON to the route’s path with the stored Authorization header', async () => {
    storeSession('tok');
    const fake = fakeFetch({
      'POST /api/collections/tags/': () => json(201, { id: 1, name: 'x', user: 7 }),
    });
    vi.stubGlobal('fetch', fake.fn);
    await expect(callApi('tags.create', { body: { name: 'x', user: 7 } })).resolves.toEqual({
      id: 1,
      name: 'x',
      user: 7,
    });
    expect(fake.calls[0]!.method).toBe('POST');
    expect(fake.calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(fake.calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(fake.calls[0]!.body).toEqual({ name: 'x', user: 7 });
  });

  it('fills the path parameters and adds the query, leaving out undefined values', async () => {
    const fake = fakeFetch({
      'GET /api/collections/list/12/': () => json(200, { id: 12 }),
      'GET /api/collections/list/': () => json(200, { results: [] }),
    });
    vi.stubGlobal('fetch', fake.fn);
    await callApi('collections.get', { params: { id: 12 } });
    await callApi('collections.list', { query: { user: 7, page: undefined } });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/collections/list/12/',
      'GET /api/collections/list/?user=7',
    ]);
  });

  it('sends FormData uploads as they are, without a JSON content type', async () => {
    const fake = fakeFetch({ 'POST /api/collections/files/': () => json(201, { id: 3 }) });
    vi.stubGlobal('fetch', fake.fn);
    const form = new FormData();
    form.append('file', new File(['hi'], 'a.txt'));
    await callApi('files.upload', { body: form });
    expect(fake.calls[0]!.body).toBe(form);
    expect(fake.calls[0]!.headers.get('Content-Type')).toBeNull();
  });

  it('resolves to null for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'DELETE /api/collections/list/1/': () => new Response(null, { status: 204 }),
      }).fn,
    );
    await expect(callApi('collections.remove', { params: { id: 1 } })).resolves.toBeNull();
  });
});

describe('apiFetch', () => {
  it('turns an error answer into ApiRequestError with message, detail and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/x/': () =>
          json(400, {
            message: 'Invalid input.',
            detail: 'Invalid input.',
            code: 'invalid',
            errors: { name: ['Too long.', 'Second.'] },
          }),
      }).fn,
    );
    const error = await apiFetch('/api/x/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const failure = error as ApiRequestError;
    expect(failure.status).toBe(400);
    expect(failure.message).toBe('Invalid input.');
    expect(failure.code).toBe('invalid');
    expect(failure.fieldErrors).toEqual({ name: 'Too long.' });
  });

  it('uses detail when there is no message, and status 0 for a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/a/': () => json(404, { detail: 'Not found.' }) }).fn,
    );
    await expect(apiFetch('/api/a/')).rejects.toMatchObject({ status: 404, message: 'Not found.' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(apiFetch('/api/a/')).rejects.toMatchObject({ status: 0 });
  });
});

describe('silent refresh', () => {
  it('refreshes once on a 401, stores the new pair and retries with the new token', async () => {
    storeSession('old', 'r1');
    const fake = fakeFetch({
      'GET /api/auth/user-details/': [
        () => json(401, { code: 'token_not_valid' }),
        () => json(200, { id: 7 }),
      ],
      'POST /api/auth/refresh-token/': () => json(200, { access: 'new', refresh: 'r2' }),
    });
    vi.stubGlobal('fetch', fake.fn);
    await expect(callApi('auth.userDetails')).resolves.toEqual({ id: 7 });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/user-details/',
      'POST /api/auth/refresh-token/',
      'GET /api/auth/user-details/',
    ]);
    expect(fake.calls[1]!.body).toEqual({ refresh: 'r1' });
    expect(fake.calls[1]!.headers.get('Authorization')).toBeNull();
    expect(fake.calls[2]!.headers.get('Authorization')).toBe('Bearer new');
    expect(localStorage.getItem('access_token')).toBe('Bearer new');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('clears the tokens and leaves for /login when the refresh fails', async () => {
    storeSession('old', 'r1');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/x/': () => json(401, { code: 'token_not_valid' }),
        'POST /api/auth/refresh-token/': () => json(401, { code: 'token_not_valid' }),
      }).fn,
    );
    await expect(apiFetch('/api/x/')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server (offline)', async () => {
    storeSession('old', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(refreshSession()).resolves.toBe(false);
    expect(localStorage.getItem('access_token')).toBe('Bearer old');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('gives up when the retried call is still unauthorised (retries only once)', async () => {
    storeSession('old', 'r1');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    const fake = fakeFetch({
      'GET /api/x/': () => json(401, {}),
      'POST /api/auth/refresh-token/': () => json(200, { access: 'new', refresh: 'r2' }),
    });
    vi.stubGlobal('fetch', fake.fn);
    await expect(apiFetch('/api/x/')).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toHaveLength(3);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s (refresh tokens rotate)', async () => {
    storeSession('old', 'r1');
    const fake = fakeFetch({
      'GET /api/a/': (_url, init) =>
        authorization(init) === 'Bearer new' ? json(200, 'a') : json(401, {}),
      'GET /api/b/': (_url, init) =>
        authorization(init) === 'Bearer new' ? json(200, 'b') : json(401, {}),
      'POST /api/auth/refresh-token/': () => json(200, { access: 'new', refresh: 'r2' }),
    });
    vi.stubGlobal('fetch', fake.fn);
    await expect(Promise.all([apiFetch('/api/a/'), apiFetch('/api/b/')])).resolves.toEqual([
      'a',
      'b',
    ]);
    expect(fake.calls.filter((c) => c.url.includes('refresh-token'))).toHaveLength(1);
  });

  it('does not refresh for calls made without auth (e.g. a failed login)', async () => {
    storeSession('old', 'r1');
    const fake = fakeFetch({ 'POST /api/auth/login/': () => json(401, { detail: 'Nope.' }) });
    vi.stubGlobal('fetch', fake.fn);
    await expect(
      callApi('auth.login', { body: { email: 'a@b.c', password: 'x' }, auth: false }),
    ).rejects.toMatchObject({ status: 401, message: 'Nope.' });
    expect(fake.calls).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBe('Bearer old');
  });
});

type Granted = (lock: Lock | null) => unknown;

/**
 * A small but real Web Locks manager for one origin (jsdom has none): exclusive locks,
 * granted one at a time in the order they were requested; `ifAvailable` gets null when the
 * lock is held or awaited.
 */
function installLockManager() {
  const queues = new Map<string, Promise<unknown>>();
  const waiting = new Map<string, number>();
  const busy = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string, delta: number) =>
    counts.set(name, (counts.get(name) ?? 0) + delta);
  const manager = {
    request(name: string, ...args: [Granted] | [LockOptions, Granted]) {
      const [options, callback] = args.length === 1 ? [{}, args[0]] : args;
      if (options.ifAvailable && (busy.get(name) ?? 0) > 0) {
        return Promise.resolve().then(() => callback(null));
      }
      add(busy, name, 1);
      add(waiting, name, 1);
      const previous = queues.get(name) ?? Promise.resolve();
      const held = previous
        .then(() => {
          add(waiting, name, -1);
          return callback({ name, mode: 'exclusive' });
        })
        .finally(() => add(busy, name, -1));
      queues.set(
        name,
        held.catch(() => undefined),
      );
      return held;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: manager, configurable: true });
  return {
    /** Requests granted yet or not: how many tabs wait for `name`. */
    waitingFor: (name: string) => waiting.get(name) ?? 0,
    /** Holds the lock as another tab would, until the returned function is called. */
    holdAsAnotherTab(name: string): () => void {
      let release = () => {};
      void manager.request(name, () => new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
  };
}

/** A second tab: the same storage and locks, its own copy of the client's in-memory state. */
async function openTab() {
  vi.resetModules();
  const tab = await import('./api-client');
  tab.setSessionExpiredHandler(() => {});
  return tab;
}

/** The API's rotation: a refresh token works once; its reuse is refused. */
function rotatingRefresh(gate: Promise<void>) {
  let current = 'r1';
  let generation = 1;
  return async (_url: string, init: RequestInit) => {
    await gate;
    const { refresh } = JSON.parse(String(init.body)) as { refresh: string };
    if (refresh !== current) return json(401, { code: 'token_not_valid' });
    generation += 1;
    current = `r${generation}`;
    return json(200, { access: `access-${generation}`, refresh: current });
  };
}

const userDetailsFor = (access: string) => (_url: string, init: RequestInit) =>
  authorization(init) === `Bearer ${access}` ? json(200, { id: 7 }) : json(401, {});

const refreshCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.includes('refresh-token'));

describe('refresh shared by tabs (Web Locks)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('lets two tabs with an expired access token both go on, with one refresh', async () => {
    storeSession('old', 'r1');
    const locks = installLockManager();
    let answerRefresh = () => {};
    const gate = new Promise<void>((resolve) => (answerRefresh = resolve));
    const fake = fakeFetch({
      'GET /api/auth/user-details/': userDetailsFor('access-2'),
      'POST /api/auth/refresh-token/': rotatingRefresh(gate),
    });
    vi.stubGlobal('fetch', fake.fn);
    const [first, second] = [await openTab(), await openTab()];

    const both = Promise.all([
      first.callApi('auth.userDetails'),
      second.callApi('auth.userDetails'),
    ]);
    // One tab holds the lock and waits for the server; the other, with r1 too, waits for it.
    await vi.waitFor(() => expect(locks.waitingFor(REFRESH_LOCK_NAME)).toBe(1));
    answerRefresh();

    await expect(both).resolves.toEqual([{ id: 7 }, { id: 7 }]);
    expect(refreshCalls(fake.calls).map((c) => c.body)).toEqual([{ refresh: 'r1' }]);
    expect(localStorage.getItem('access_token')).toBe('Bearer access-2');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('signs the waiting tab out too, without a second refresh, when the first one failed', async () => {
    storeSession('old', 'r1');
    const locks = installLockManager();
    let answerRefresh = () => {};
    const gate = new Promise<void>((resolve) => (answerRefresh = resolve));
    const fake = fakeFetch({
      'GET /api/x/': () => json(401, {}),
      'POST /api/auth/refresh-token/': async () => {
        await gate;
        return json(401, { code: 'token_not_valid' });
      },
    });
    vi.stubGlobal('fetch', fake.fn);
    const [first, second] = [await openTab(), await openTab()];

    const both = Promise.allSettled([first.apiFetch('/api/x/'), second.apiFetch('/api/x/')]);
    await vi.waitFor(() => expect(locks.waitingFor(REFRESH_LOCK_NAME)).toBe(1));
    answerRefresh();

    const results = await both;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls(fake.calls)).toHaveLength(1);
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  /** A call whose 401 finds another tab refreshing: it waits in line for the lock. */
  async function callBehindAnotherTab() {
    storeSession('old', 'r1');
    const locks = installLockManager();
    const fake = fakeFetch({
      'GET /api/auth/user-details/': userDetailsFor('access-2'),
      'POST /api/auth/refresh-token/': rotatingRefresh(Promise.resolve()),
    });
    vi.stubGlobal('fetch', fake.fn);
    const release = locks.holdAsAnotherTab(REFRESH_LOCK_NAME);
    const call = callApi('auth.userDetails');
    await vi.waitFor(() => expect(locks.waitingFor(REFRESH_LOCK_NAME)).toBe(1));
    return { fake, call, release };
  }

  it('after waiting for the lock, waits for the other tab’s new pair to reach its storage', async () => {
    const { fake, call, release } = await callBehindAnotherTab();
    // The other tab is done, but its write reaches this tab's storage only a moment later.
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    storeSession('access-2', 'r2');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'refresh_token',
        newValue: 'r2',
        storageArea: localStorage,
      }),
    );

    await expect(call).resolves.toEqual({ id: 7 });
    expect(refreshCalls(fake.calls)).toHaveLength(0);
  });

  it('refreshes itself when the tab before it in line left the token as it was', async () => {
    const { fake, call, release } = await callBehindAnotherTab();
    release();

    await expect(call).resolves.toEqual({ id: 7 });
    expect(refreshCalls(fake.calls).map((c) => c.body)).toEqual([{ refresh: 'r1' }]);
  });

  it('refreshes at once when no other tab holds the lock', async () => {
    storeSession('old', 'r1');
    installLockManager();
    const fake = fakeFetch({
      'GET /api/auth/user-details/': userDetailsFor('access-2'),
      'POST /api/auth/refresh-token/': rotatingRefresh(Promise.resolve()),
    });
    vi.stubGlobal('fetch', fake.fn);
    await expect(callApi('auth.userDetails')).resolves.toEqual({ id: 7 });
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });
});
