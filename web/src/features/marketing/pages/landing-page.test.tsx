import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('offers Get Started Free and Login to an anonymous visitor', () => {
    renderPage(<LandingPage />);
    expect(document.title).toBe('Creator Workspace');
    expect(screen.getAllByRole('link', { name: 'Get Started Free' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('signed-in-offer')).not.toBeInTheDocument();
  });

  it('offers the dashboard to a visitor who is signed in on this device', () => {
    localStorage.setItem('access_token', 'Bearer access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    renderPage(<LandingPage />);
    expect(screen.getByTestId('signed-in-offer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
