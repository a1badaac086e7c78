import type { NotificationSettings } from '@cw/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { NotificationSettingsCard } from './notification-settings-card';

const ALL_ON: NotificationSettings['mail'] = {
  mention: true,
  reply: true,
  comment: true,
  shared: true,
  status: true,
};

describe('NotificationSettingsCard', () => {
  it('shows a mail switch per kind and saves each change at once', async () => {
    storeSession();
    let mail = { ...ALL_ON };
    const { user, fetch } = renderSignedIn(
      <NotificationSettingsCard />,
      { path: '/account-settings', route: '/account-settings' },
      {
        'GET /api/notifications/settings/': () => json(200, { mail }),
        'PATCH /api/notifications/settings/': (_url, init) => {
          const body = JSON.parse(String(init.body)) as { mail: Partial<typeof mail> };
          mail = { ...mail, ...body.mail };
          return json(200, { mail });
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const status = await screen.findByRole('checkbox', { name: /Status changes/ });
    expect(status).toBeChecked();
    for (const name of [/Mentions/, /Replies/, /Comments on your items/, /Sharing/]) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    await user.click(status);
    expect(await screen.findByRole('checkbox', { name: /Status changes/ })).not.toBeChecked();
    expect(fetch.calls.at(-1)?.body).toEqual({ mail: { status: false } });
    expect(screen.getByRole('checkbox', { name: /Status changes/ })).toBeEnabled();
  });
});
