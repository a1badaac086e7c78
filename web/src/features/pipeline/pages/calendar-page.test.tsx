import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeContent, page, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CalendarPage } from './calendar-page';

/**
 * jsdom lays nothing out: each day of the grid gets the box it has on screen (7 columns of
 * 100 px, 100 px rows), a chip a box inside its day, the Unscheduled list one to the right, so
 * dnd-kit measures what a browser would.
 */
const CELL = 100;
function layOut(this: HTMLElement): DOMRect {
  const box = (x: number, y: number, w: number, h: number) => new DOMRect(x, y, w, h);
  const day = this.closest<HTMLElement>('[data-day]');
  if (day) {
    const days = [...document.querySelectorAll('[data-day]')];
    const index = days.indexOf(day);
    const x = (index % 7) * CELL;
    const y = Math.floor(index / 7) * CELL;
    return this === day ? box(x, y, CELL, CELL) : box(x + 4, y + 30, CELL - 8, 20);
  }
  if (this.closest('[data-testid="unscheduled"]')) return box(800, 0, 200, 600);
  // The drag overlay: dnd-kit places it where the chip was (fixed, with its box in the style).
  const overlay = this.closest<HTMLElement>('[style*="position: fixed"]');
  if (overlay) {
    const { left, top, width, height } = overlay.style;
    return box(parseFloat(left), parseFloat(top), parseFloat(width), parseFloat(height));
  }
  return box(0, 0, 0, 0);
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(layOut);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderCalendar(items: ReturnType<typeof makeContent>[]) {
  const api = fakeFetch({
    'GET /api/collections/contents-list/': () => json(200, page(items)),
    'PATCH /api/collections/contents-list/5/': (_url, init) => {
      items[0] = { ...items[0]!, ...(JSON.parse(String(init?.body)) as object) };
      return json(200, items[0]);
    },
  });
  vi.stubGlobal('fetch', api.fn);
  renderPage(
    <WithUser>
      <CalendarPage />
    </WithUser>,
    { path: '/calendar', route: '/calendar?month=2026-11' },
  );
  return api;
}

/** dnd-kit's live region: what a screen reader hears. */
const heard = () =>
  [...document.querySelectorAll('[role="status"][aria-live="assertive"]')]
    .map((region) => region.textContent)
    .join(' ');

/** Ep 3.05, on Thursday 19 November, picked up by keyboard from its Reschedule handle. */
async function pickUpEpisode() {
  const api = renderCalendar([makeContent({ id: 5, title: 'Ep 3.05', publish_on: '2026-11-19' })]);
  const handle = await screen.findByRole('button', { name: 'Reschedule Ep 3.05' });
  const user = userEvent.setup();
  handle.focus();
  await user.keyboard(' ');
  return { api, user };
}

describe('CalendarPage by keyboard', () => {
  it('Space picks a chip up, → and ↓ move it by day and week, Space schedules it, in words', async () => {
    const { api, user } = await pickUpEpisode();
    await vi.waitFor(() => expect(heard()).toMatch('Picked up Ep 3.05.'));
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(heard()).toMatch('Ep 3.05 is over Thursday 26 November.'));
    await user.keyboard('{ArrowRight}');
    await vi.waitFor(() => expect(heard()).toMatch('Ep 3.05 is over Friday 27 November.'));
    await user.keyboard(' ');
    await vi.waitFor(() => expect(heard()).toMatch('Ep 3.05 scheduled for Friday 27 November.'));
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        publish_on: '2026-11-27',
      }),
    );
    const friday = document.querySelector<HTMLElement>('[data-day="2026-11-27"]')!;
    await vi.waitFor(() => expect(within(friday).getByText('Ep 3.05')).toBeInTheDocument());
    expect(heard()).not.toMatch(/Draggable item|droppable area/);
  });

  it('Escape cancels: nothing is sent and the item stays on its day', async () => {
    const { api, user } = await pickUpEpisode();
    await user.keyboard('{ArrowLeft}');
    await vi.waitFor(() => expect(heard()).toMatch('Ep 3.05 is over Wednesday 18 November.'));
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(heard()).toMatch('Rescheduling cancelled.'));
    await act(() => Promise.resolve());
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    const thursday = document.querySelector<HTMLElement>('[data-day="2026-11-19"]')!;
    expect(within(thursday).getByText('Ep 3.05')).toBeInTheDocument();
  });

  it('gives a viewer’s item no Reschedule button, and says whose it is', async () => {
    renderCalendar([
      makeContent({ id: 5, title: 'Ep 3.05', publish_on: '2026-11-19', role: 'viewer', user: 9 }),
    ]);
    const chip = await screen.findByTestId('calendar-item');
    expect(within(chip).getByRole('link')).toHaveAccessibleName('Ep 3.05 (Viewer)');
    expect(within(chip).queryByRole('button')).not.toBeInTheDocument();
  });
});
