import type { AppContext } from './context';
import type { Logger } from '../observability/log';
import type { ServerMetrics } from '../observability/metrics';

// Work a request causes that the member need not wait for, and must not be able to time (a reset
// link for a member's email, a notice to an old address): it starts once the answer has been sent
// (or the client went away), never before, so a member's email answers as fast as a stranger's.
// It is tracked: the server's close() waits for it (within a grace period), and its errors are
// logged, never answered.

export interface BackgroundWork {
  /** Runs `work` now, tracked until it ends. */
  run(label: string, work: () => Promise<unknown>): void;
  /** Resolves when every work started so far has ended. */
  settled(): Promise<void>;
}

export function createBackgroundWork(log: Logger, metrics?: Pick<ServerMetrics, 'unhandled'>): BackgroundWork {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(label, work) {
      const running = Promise.resolve()
        .then(work)
        .catch((error: unknown) => {
          log.error({ err: error, work: label }, 'work after the answer failed');
          metrics?.unhandled('after_response');
        });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

/** Runs `work` after this request's answer has gone out (see above). */
export function afterResponse(c: AppContext, label: string, work: () => Promise<unknown>): void {
  const { background } = c.get('deps');
  const outgoing = (c.env as Partial<AppContext['env']> | undefined)?.outgoing;
  // Without a Node response (app.request in a test), after this turn: the answer is returned first.
  if (!outgoing) return background.run(label, () => new Promise((resolve) => setImmediate(resolve)).then(work));
  if (outgoing.writableFinished || outgoing.destroyed) return background.run(label, work);
  // 'close' comes once the answer is handed to the network, or when the client left: either way the work runs.
  background.run(label, () => new Promise((resolve) => outgoing.once('close', resolve)).then(work));
}
