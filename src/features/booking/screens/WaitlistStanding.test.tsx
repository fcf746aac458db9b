// The place in line reads as an ordinal by the language's rules, and the offer's countdown
// repaints itself down to "time is up".
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from '../../../../locales/fr/booking.json';
import { OfferCountdown, WaitlistPosition, WaitlistStanding } from './WaitlistStanding';

const positionText = (n: number) => {
  const { unmount } = render(<WaitlistPosition position={n} />);
  const text = screen.getByTestId('waitlist-position').textContent;
  unmount();
  return text;
};

afterEach(async () => {
  vi.useRealTimers();
  await i18next.changeLanguage('en-US');
});

describe('waitlist position', () => {
  it('English ordinals: 1st, 2nd, 3rd, 4th, 11th to 13th, 21st to 23rd, 101st', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(positionText)).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st'].map((o) => `${o} on the waitlist`),
    );
  });

  it('French: 1er, then 2e', async () => {
    i18next.addResourceBundle('fr', 'booking', fr);
    await i18next.changeLanguage('fr');
    expect([1, 2, 3].map(positionText)).toEqual(['1er sur la liste d’attente', '2e sur la liste d’attente', '3e sur la liste d’attente']);
  });

  it('shows nothing for a visit that is not waiting, or waiting without a known place (queued offline)', () => {
    const { container } = render(<>
      <WaitlistStanding visit={{ id: 1, state: 'booked', late_cancelled: false, offer_expires_at: null }} />
      <WaitlistStanding visit={{ id: 2, state: 'waitlisted', late_cancelled: false, offer_expires_at: null }} />
      <WaitlistStanding visit={null} />
    </>);
    expect(container.textContent).toBe('');
  });
});

/** Time passes a second at a time, letting React repaint between the countdown's timers. */
function pass(seconds: number): void {
  for (let i = 0; i < seconds; i += 1) act(() => void vi.advanceTimersByTime(1_000));
}

describe('offer countdown', () => {
  it('counts down live: minutes, then seconds, then time is up', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    render(<OfferCountdown expiresAt="2026-11-25T10:02:00Z" />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('2 min left to confirm');
    pass(60);
    expect(timer.textContent).toBe('60 seconds left to confirm');
    pass(59);
    expect(timer.textContent).toBe('1 second left to confirm');
    pass(1);
    expect(timer.textContent).toBe('The time to confirm is up');
  });

  it('reads hours and minutes for a long offer', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    render(<WaitlistStanding visit={{ id: 3, state: 'pending', late_cancelled: false, offer_expires_at: '2026-11-25T11:45:00Z' }} />);
    expect(screen.getByRole('timer').textContent).toBe('1 h 45 min left to confirm');
  });
});
