// Settings › Units and Class leaderboards: each choice is saved at once through the profile
// command and shows checked straight away, before the device's profile follows.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../../../../tests/support/data-helpers';

vi.mock('../../../data/hooks/auth', () => ({ useProfile: () => makeProfile(1) }));
const updateProfile = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../commands/profile', () => ({ updateProfile }));

const { TrainingPreferences } = await import('./TrainingPreferences');

afterEach(cleanup);

describe('TrainingPreferences', () => {
  it('saves pounds, inches and hiding from leaderboards, each shown at once', () => {
    render(<TrainingPreferences />);
    expect((screen.getByRole('radio', { name: 'Kilograms (kg)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Pounds (lb)' }));
    expect(updateProfile).toHaveBeenLastCalledWith({ weight_units: 'pounds' });
    expect((screen.getByRole('radio', { name: 'Pounds (lb)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Inches (in)' }));
    expect(updateProfile).toHaveBeenLastCalledWith({ length_units: 'inches' });
    const hide = screen.getByRole('checkbox', { name: 'Hide my results from class leaderboards' }) as HTMLInputElement;
    expect(hide.checked).toBe(false);
    expect(hide.getAttribute('aria-describedby')).toBe('hide-from-leaderboards-hint');
    fireEvent.click(hide);
    expect(updateProfile).toHaveBeenLastCalledWith({ hide_from_leaderboards: true });
    expect(hide.checked).toBe(true);
  });
});
