// Forgetting the saved screens at sign-out is part of the shell, so it can never wait on the
// capture module (loaded after boot): the next person on the device must not see this member's screen.
import { SNAPSHOT_KEY } from './format';

export function forgetSavedScreens(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    for (const key of keys) if (key === SNAPSHOT_KEY || key.startsWith(`${SNAPSHOT_KEY}:`)) localStorage.removeItem(key);
  } catch {
    // Nothing was saved where storage is blocked.
  }
}
