import type {
  DashboardSummary,
  Collection,
  ContentItem,
  FileObject,
  Member,
  Note,
  Paginated,
  SearchResult,
  Tag,
  User,
} from '@cw/contract';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { CurrentUserContext } from '../lib/current-user';
import { makeUser } from './factories';
import { renderPage } from './render';
import { fakeFetch, json } from './fake-fetch';

/** Small factories for the library screens' tests. */
export const testUser: User = makeUser();

export function WithUser({ children }: { children: ReactNode }) {
  return <CurrentUserContext.Provider value={testUser}>{children}</CurrentUserContext.Provider>;
}

/**
 * Fakes `fetch` with `routes` and renders `page` for the signed-in test user at `route` (the
 * router's `path` pattern). Answers the fake (its `calls`) and a user-event driver.
 */
export function renderSignedIn(
  page: ReactElement,
  { path, route }: { path: string; route: string },
  routes: Parameters<typeof fakeFetch>[0],
) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  const user = userEvent.setup();
  renderPage(<WithUser>{page}</WithUser>, { path, route });
  return { fetch, user };
}

export function makeTag(id: number, name: string, usageCount = 0): Tag {
  return { id, name, user: testUser.id, usage_count: usageCount };
}

export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 1,
    name: 'Podcast season 2',
    description: 'Episodes and guests',
    is_active: true,
    is_public: true,
    created_on: '2026-11-20T10:00:00.000Z',
    updated_on: null,
    tags: [],
    tags_named_list: [],
    meta_data: {},
    user: testUser.id,
    content_count: 0,
    role: 'owner',
    owner_name: 'Ada Lovelace',
    member_count: 0,
    members_preview: [],
    public_id: null,
    public_url: null,
    feed_full_text: false,
    ...overrides,
  };
}

export function makeContent(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 1,
    title: 'Intro script',
    content: 'Hello **world**',
    tags: [],
    tags_named_list: [],
    collections: [],
    collections_named_list: [],
    files: [],
    meta_data: {},
    user: testUser.id,
    status: 'idea',
    publish_on: null,
    is_public: false,
    published_version: null,
    summary: '',
    cover: null,
    word_count: 2,
    position: 0,
    chapter_starts: [],
    created_on: '2026-11-20T10:00:00.000Z',
    updated_on: null,
    updated_by: null,
    role: 'owner',
    ...overrides,
  };
}

export function makeNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    collection: 1,
    title: 'Guest ideas',
    content: 'Ask about *history*',
    tags: [],
    created_on: '2026-11-20T10:00:00.000Z',
    updated_on: null,
    updated_by: null,
    ...overrides,
  };
}

export function makeFile(overrides: Partial<FileObject> = {}): FileObject {
  return {
    id: 1,
    name: 'outline.pdf',
    size: 2048,
    content_type: 'application/pdf',
    width: null,
    height: null,
    url: '/api/collections/files/1/download/',
    is_public: false,
    content: 1,
    collection: null,
    created_on: '2026-11-20T10:00:00.000Z',
    user: testUser.id,
    ...overrides,
  };
}

export function page<T>(results: T[], options: { count?: number; next?: string | null } = {}) {
  const answer: Paginated<T> = {
    count: options.count ?? results.length,
    next: options.next ?? null,
    previous: null,
    results,
  };
  return answer;
}

/** A fake route answering 200 with one page of `results` (see `page`). */
export function pageAnswer<T>(
  results: T[],
  options: { count?: number; next?: string | null } = {},
) {
  return () => json(200, page(results, options));
}

/** The dashboard's answer for an empty library, with `part` over it. */
export function dashboardAnswer(part: Partial<DashboardSummary> = {}) {
  const empty: DashboardSummary = {
    counts: { collections: 0, contents: 0, tags: 0 },
    statuses: { idea: 0, scripting: 0, recording: 0, editing: 0, published: 0 },
    words_this_week: { words: 0, items: 0 },
    upcoming: [],
    recent: [],
  };
  return () => json(200, { ...empty, ...part });
}

/** Someone who can see a collection (or is invited to): the owner by default. */
export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 1,
    email: testUser.email,
    name: 'Ada Lovelace',
    role: 'owner',
    status: 'active',
    user: testUser.id,
    profile_pic: null,
    created_on: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A search result: a content item whose title matched, unless overridden. */
export function makeResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    type: 'content',
    id: 1,
    title: 'Intro script',
    snippet: '',
    highlights: [[0, 5]],
    title_highlights: [[0, 5]],
    collection: null,
    parent: null,
    updated_on: '2026-11-20T10:00:00.000Z',
    role: 'owner',
    ...overrides,
  };
}
