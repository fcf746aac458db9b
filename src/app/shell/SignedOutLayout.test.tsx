// The signed-out screens (sign-in, invitation, reset) hold the service worker's first install
// back while they show: the member's next step is signing in (app/pwa/install-hold.ts).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { whenInstallMayStart } from '../pwa/install-hold';
import { SignedOutLayout } from './SignedOutLayout';

describe('SignedOutLayout', () => {
  it('holds the first install while it shows, and lets it start once it is gone', async () => {
    const { unmount } = render(<SignedOutLayout>form</SignedOutLayout>);
    let started = false;
    void whenInstallMayStart().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(false);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(true);
  });
});
