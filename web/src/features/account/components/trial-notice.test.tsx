import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { daysLeft, TrialNotice, trialDayInWords, UPGRADE_MAILTO } from './trial-notice';

/** The free trial's notice (decision 248): its end in words and an Upgrade that leads somewhere. */
describe('TrialNotice', () => {
  const now = new Date(2026, 10, 27, 10, 0);

  it('says the last day in words, how far off it is, and keeps the spec’s hint', () => {
    render(<TrialNotice endsOn="2026-12-27" now={now} />);
    expect(
      screen.getByRole('heading', {
        name: 'Your free trial ends on Sunday 27 December 2026 (in 30 days)',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You’re on the free trial. Upgrade before it ends to keep all your benefits.'.replace(
          '’',
          "'",
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/After the trial nothing is deleted or locked/)).toBeInTheDocument();
  });

  it('has an Upgrade button that writes to us', () => {
    render(<TrialNotice endsOn="2026-12-27" now={now} />);
    const upgrade = screen.getByRole('link', { name: 'Upgrade by email' });
    expect(upgrade).toHaveAttribute('href', UPGRADE_MAILTO);
    expect(UPGRADE_MAILTO).toMatch(/^mailto:hello@creatorworkspace\.app\?subject=/);
  });

  it('says tomorrow, today, and ended', () => {
    const { rerender } = render(<TrialNotice endsOn="2026-11-28" now={now} />);
    expect(screen.getByRole('heading')).toHaveTextContent(
      'Your free trial ends on Saturday 28 November 2026 (tomorrow)',
    );
    rerender(<TrialNotice endsOn="2026-11-27" now={now} />);
    expect(screen.getByRole('heading')).toHaveTextContent('(today)');
    rerender(<TrialNotice endsOn="2026-11-20" now={now} />);
    expect(screen.getByRole('heading')).toHaveTextContent(
      'Your free trial ended on Friday 20 November 2026',
    );
  });

  it('counts calendar days', () => {
    expect(daysLeft('2026-12-27', now)).toBe(30);
    expect(daysLeft('2026-11-27', new Date(2026, 10, 27, 23, 59))).toBe(0);
    expect(trialDayInWords('2027-01-01')).toBe('Friday 1 January 2027');
  });
});
