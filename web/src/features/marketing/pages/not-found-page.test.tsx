import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page does not exist and links home', () => {
    renderPage(<NotFoundPage />, { path: '*', route: '/nope' });
    expect(screen.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/doesn.t exist or has been moved/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});
