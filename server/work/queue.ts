// Work that is heavy for the machine (password hashing, decoding pictures) runs a few jobs at a
// time; the rest wait their turn in order. Without a bound, a burst of such requests takes every
// thread of Node's pool (scrypt) or hundreds of megabytes each (sharp), and members' ordinary
// requests wait behind them.

export interface WorkQueue {
  /** Runs `job` once a slot is free; its result or error is the caller's. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now, waiting now, the most that ever ran at once, and how many have started. */
  stats(): { active: number; waiting: number; peak: number; started: number };
}

export function createWorkQueue(slots: number): WorkQueue {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`A work queue needs at least one slot, not ${slots}.`);
  const waiting: (() => void)[] = [];
  let active = 0;
  let peak = 0;
  let started = 0;

  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      active += 1;
      started += 1;
      peak = Math.max(peak, active);
      try {
        return await job();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length, peak, started }),
  };
}
