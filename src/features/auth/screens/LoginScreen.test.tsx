// The sign-in screen gets what signing in needs (the contract's schemas that check its answer, the
// code of the opening week's pull) loading while the member types, not after they tap "Sign in"
// (decisions.md#first-visit).
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const prepareSignIn = vi.fn();
const signIn = vi.fn();
vi.mock('../../../data/sign-in', () => ({ prepareSignIn, signIn }));
const preparePullAfterSignIn = vi.fn();
vi.mock('../after-sign-in', () => ({ preparePullAfterSignIn, pullOpeningWeekAfterSignIn: vi.fn() }));

const { default: LoginScreen } = await import('./LoginScreen');

describe('LoginScreen', () => {
  it('starts loading what signing in needs once the form is up, before any tap', async () => {
    render(<MemoryRouter initialEntries={['/login']}><LoginScreen /></MemoryRouter>);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    await vi.waitFor(() => expect(prepareSignIn).toHaveBeenCalledTimes(1), { timeout: 2_000 });
    expect(preparePullAfterSignIn).toHaveBeenCalledTimes(1);
    expect(signIn).not.toHaveBeenCalled();
  });
});
