import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { SpeakingPaceCard } from './speaking-pace-card';

function renderCard() {
  const api = fakeFetch({
    'PATCH /api/auth/update-profile/': () =>
      json(200, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        is_mfa_activated: false,
        words_per_minute: 170,
      }),
  });
  vi.stubGlobal('fetch', api.fn);
  storeSession();
  renderPage(<SpeakingPaceCard wordsPerMinute={150} />);
  return api;
}

describe('SpeakingPaceCard', () => {
  it('saves a new pace through update-profile', async () => {
    const user = userEvent.setup();
    const api = renderCard();
    const field = screen.getByLabelText('Words per minute');
    expect(field).toHaveValue(150);
    await user.clear(field);
    await user.type(field, '170');
    await user.click(screen.getByRole('button', { name: 'Set pace' }));
    expect(await screen.findByText('Speaking pace saved.')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ words_per_minute: 170 });
  });

  it('refuses a pace outside 60–250 without calling the server', async () => {
    const user = userEvent.setup();
    const api = renderCard();
    const field = screen.getByLabelText('Words per minute');
    await user.clear(field);
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Set pace' }));
    expect(await screen.findByText('Must be between 60 and 250.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
