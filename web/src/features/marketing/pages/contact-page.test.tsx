import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, typeInto } from '../../../test/render';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  it('requires name, email and message', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage(<ContactPage />, { path: '/contact' });
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });

  it('marks the form as sent without any network call', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage(<ContactPage />, { path: '/contact' });
    const user = userEvent.setup({ delay: null });
    await typeInto(user, 'Name', 'Ada');
    await typeInto(user, 'Email', 'ada@example.com');
    await typeInto(user, 'Message', 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Message Sent!' })).toBeDisabled();
    expect(screen.getByText(/Thank you for reaching out/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('links to email, code hosting, professional network and photo sharing', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: /Email/ })).toHaveAttribute(
      'href',
      'mailto:hello@creatorworkspace.app',
    );
    expect(screen.getByRole('link', { name: /GitHub/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /LinkedIn/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Instagram/ })).toBeInTheDocument();
  });
});
