// Declining a place from the bell asks first, as the class page does: the rows beside the button
// open on tap, so one slip must not give the place away.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../../core/contract/types';
import { ConfirmHost, confirmStore } from '../../../ui/modal/index';

const booking = vi.hoisted(() => ({ declineOffer: vi.fn(), confirmOffer: vi.fn() }));
vi.mock('../../booking/commands', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  declineOffer: booking.declineOffer,
  confirmOffer: booking.confirmOffer,
}));
vi.mock('../commands', () => ({ markNotificationRead: vi.fn(() => Promise.resolve()) }));
const profile = vi.hoisted(() => ({ accounts: [] as { org: { id: number; name: string } }[] }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ time_zone: 'UTC' }), useProfile: () => profile }));
vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));

const { default: NotificationList } = await import('./NotificationList');

const offer: AppNotification = {
  id: 7,
  type: 'waitlist',
  message: 'A place is offered',
  params: { class: { id: 42, name: 'CrossFit', start_date: '2026-11-28T09:00:00Z' } },
  avatar_url: null,
  read_at: null,
  removed_at: null,
  expires_at: null,
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
};

function renderBell() {
  render(<><NotificationList notifications={[offer]} onNavigate={() => undefined} /><ConfirmHost /></>);
  const row = screen.getByTestId('notification');
  return within(row).getByRole('button', { name: 'Decline' });
}

afterEach(() => {
  cleanup();
  profile.accounts = [];
  booking.declineOffer.mockReset();
  // A dialog unmounted mid-exit stays queued; clear it so the next test starts with none.
  act(() => {
    confirmStore.cancelAll();
    for (const r of confirmStore.getSnapshot()) confirmStore.remove(r.id);
  });
});

describe('NotificationList: declining an offer', () => {
  it('opens the reservation confirmation instead of declining at once', async () => {
    const decline = renderBell();
    await act(async () => { fireEvent.click(decline); });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Confirm reservation')).toBeTruthy();
    expect(within(dialog).getByText(/CrossFit/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(booking.declineOffer).not.toHaveBeenCalled();
  });

  it('sends nothing when the member cancels', async () => {
    const decline = renderBell();
    await act(async () => { fireEvent.click(decline); });
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })); });
    expect(booking.declineOffer).not.toHaveBeenCalled();
  });

  it('declines once when the member confirms', async () => {
    booking.declineOffer.mockResolvedValue(undefined);
    const decline = renderBell();
    await act(async () => { fireEvent.click(decline); });
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' })); });
    expect(booking.declineOffer).toHaveBeenCalledTimes(1);
    expect(booking.declineOffer).toHaveBeenCalledWith(42);
  });
});

describe('NotificationList: whose notification', () => {
  const other: AppNotification = { ...offer, id: 8, type: 'post', message: 'New programming', params: {}, org_id: 2 };

  it('names the organisation on each row when the member belongs to several', () => {
    profile.accounts = [{ org: { id: 1, name: 'Harbour CrossFit' } }, { org: { id: 2, name: 'Tallinn Strength' } }];
    render(<NotificationList notifications={[{ ...offer, org_id: 1 }, other]} onNavigate={() => undefined} />);
    expect(screen.getAllByTestId('notification-org').map((el) => el.textContent)).toEqual(['Harbour CrossFit', 'Tallinn Strength']);
  });

  it('names none when the member belongs to one', () => {
    profile.accounts = [{ org: { id: 2, name: 'Tallinn Strength' } }];
    render(<NotificationList notifications={[other]} onNavigate={() => undefined} />);
    expect(screen.queryByTestId('notification-org')).toBeNull();
  });

  it('shows the time left on an offer', () => {
    render(<NotificationList notifications={[{ ...offer, expires_at: new Date(Date.now() + 12 * 60_000 - 1_000).toISOString() }]} onNavigate={() => undefined} />);
    expect(screen.getByTestId('offer-countdown').textContent).toBe('12 min left to confirm');
  });
});
