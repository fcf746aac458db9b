// An online call that must see the server as the member sees the device (paying for the cart,
// changing the sign-in email) first lets the edits still queued for those rows reach the server.
// Another context (the service worker) may be sending them, so this waits until none is left, for
// a while, sending meanwhile.
import { pendingTouches } from './outbox';
import { flushOutbox } from './replay';

const POLL_MS = 200;

/** Resolves once no queued write touches `key`; false when some still do after `timeoutMs`. */
export async function untilSent(key: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while ((await pendingTouches()).has(key)) {
    if (Date.now() > until) return false;
    await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
