// Kept apart from hooks.ts: the bell (first paint) reads the list; only settings read push state.
import { useCallback, useEffect, useState } from 'react';
import { isPushSubscribed, onPushChanged, pushSupport, type PushSupport } from './push';

export interface PushState {
  support: PushSupport;
  subscribed: boolean;
}

/**
 * Push on this device, for the settings screen. The browser holds this state, not Dexie, so it
 * is read again when the page becomes visible (the member may have changed the permission in
 * the browser's settings) and after this page turned push on or off. undefined while reading.
 */
export function usePushState(): PushState | undefined {
  const [state, setState] = useState<PushState | undefined>(undefined);
  const read = useCallback(async () => {
    const support = pushSupport();
    const subscribed = support === 'granted' ? await isPushSubscribed() : false;
    setState((previous) => (previous?.support === support && previous.subscribed === subscribed ? previous : { support, subscribed }));
  }, []);
  useEffect(() => {
    void read();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = onPushChanged(() => void read());
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [read]);
  return state;
}
