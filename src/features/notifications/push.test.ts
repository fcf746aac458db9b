// Signing out forgets this device's push subscription even when the server cannot be asked.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./api', () => ({ deletePushSubscription: vi.fn(), getVapidPublicKey: vi.fn(), savePushSubscription: vi.fn() }));
const api = await import('./api');
const { forgetPushAtSignOut, SIGN_OUT_WAIT_MS } = await import('./push');

function deviceWith(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) } });
}

describe('push at sign-out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(api.deletePushSubscription).mockReset();
  });

  it('asks the server briefly, and unsubscribes this device whatever it answers', async () => {
    for (const answer of [Promise.resolve(), Promise.reject(new Error('offline'))]) {
      const unsubscribe = vi.fn(async () => true);
      deviceWith({ endpoint: 'https://push.example/1', unsubscribe });
      vi.mocked(api.deletePushSubscription).mockReturnValue(answer);
      await forgetPushAtSignOut();
      expect(api.deletePushSubscription).toHaveBeenLastCalledWith('https://push.example/1', { timeoutMs: SIGN_OUT_WAIT_MS });
      expect(unsubscribe).toHaveBeenCalledOnce();
    }
  });

  it('does nothing on a device with no subscription', async () => {
    deviceWith(null);
    await forgetPushAtSignOut();
    expect(api.deletePushSubscription).not.toHaveBeenCalled();
  });
});
