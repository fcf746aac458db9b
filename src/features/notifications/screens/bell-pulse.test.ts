// @vitest-environment happy-dom
// The bell's badge pulses when the count rises (SPEC: "a badge that pulses when the count rises"),
// not when the count kept on the device is read at a start: a start is not news, and a pulse then
// was also saved into the screen shown at the next start (app/snapshot), where it played again.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { makeProfile, resetDb, signedInLocally } from '../../../../tests/support/data-helpers';
import { BADGE_PULSE_MS, NotificationsBell } from './NotificationsBell';

afterEach(cleanup);

function note(id: number): AppNotification {
  return {
    id, type: 'appointment', message: `Message ${id}`, params: { appointment: { id } }, avatar_url: null,
    read_at: null, removed_at: null, expires_at: null, created_at: '2026-11-20T00:00:00.000Z', updated_at: `2026-11-2${id}T00:00:00.000Z`,
  };
}

beforeEach(async () => {
  await resetDb();
  await signedInLocally(makeProfile(1));
});

describe('the bell’s badge', () => {
  it('shows the count kept on the device without a pulse, and pulses for BADGE_PULSE_MS when it rises', async () => {
    await db.notifications.bulkPut([note(1), note(2)]);
    render(createElement(NotificationsBell));
    const badge = () => screen.getByTestId('notifications-badge');
    await waitFor(() => expect(badge().textContent).toBe('2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(badge().className).toBe('bell__badge');

    await act(() => db.notifications.put(note(3)));
    await waitFor(() => expect(badge().textContent).toBe('3'));
    expect(badge().className).toBe('bell__badge bell__badge--pulse');
    await waitFor(() => expect(badge().className).toBe('bell__badge'), { timeout: BADGE_PULSE_MS + 1_000 });

    // Read elsewhere: the count falls without a pulse.
    await act(() => db.notifications.put({ ...note(3), read_at: '2026-11-24T00:00:00Z' }));
    await waitFor(() => expect(badge().textContent).toBe('2'));
    expect(badge().className).toBe('bell__badge');
  });
});
