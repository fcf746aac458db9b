import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './queue';

describe('work queue', () => {
  it('runs at most its slots at once, the rest in the order they came, each with its own result or error', async () => {
    const queue = createWorkQueue(2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const job = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 3) throw new Error('three failed');
      return n * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => queue.run(job(n))));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 'three failed', 40, 50, 60]);
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, peak: 2, started: 6 });
  });

  it('refuses a queue without a slot', () => {
    expect(() => createWorkQueue(0)).toThrow(/at least one slot/);
  });
});
