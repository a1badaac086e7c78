import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeContent } from '../../../test/library-fixtures';
import { byDay, calendarDays } from '../calendar-grid';
import { MonthAgenda } from './month-agenda';

describe('the month on a phone', () => {
  const days = calendarDays(new Date(2026, 10, 1), new Date(2026, 10, 27));

  it('lists the month’s items by day with their whole titles, linking to each', () => {
    const items = [
      makeContent({ id: 2, title: 'Launch video for the whole season', publish_on: '2026-11-10' }),
      makeContent({ id: 1, title: 'Behind the scenes', publish_on: '2026-11-03' }),
      makeContent({ id: 3, title: 'Next month', publish_on: '2026-12-02' }),
      makeContent({ id: 4, title: 'Someday', publish_on: null }),
    ];
    render(
      <MemoryRouter>
        <MonthAgenda days={days} grouped={byDay(items)} />
      </MemoryRouter>,
    );
    const agenda = screen.getByRole('region', { name: 'This month' });
    const links = within(agenda).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tue 3Behind the scenes',
      'Tue 10Launch video for the whole season',
    ]);
    expect(links[1]).toHaveAttribute('href', '/content/2');
  });

  it('says when nothing is scheduled', () => {
    render(
      <MemoryRouter>
        <MonthAgenda days={days} grouped={byDay([])} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nothing scheduled this month.')).toBeVisible();
  });
});
