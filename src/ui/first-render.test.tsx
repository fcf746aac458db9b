// The first render gives way to the browser every 47 ms, not React's 5, until the first screen of
// data; later renders every 5 ms again (first-render.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const rates: number[] = [];
vi.mock('scheduler', () => ({ unstable_forceFrameRate: (fps: number) => void rates.push(fps) }));

beforeEach(() => {
  vi.resetModules();
  rates.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('renderFirstScreen', () => {
  it('renders with 47 ms slices until the first screen of data, then React’s own again', async () => {
    const [{ renderFirstScreen }, { markFirstContent }] = await Promise.all([import('./first-render'), import('./first-content')]);
    const render = vi.fn();
    renderFirstScreen(render);
    expect(render).toHaveBeenCalledOnce();
    expect(rates).toEqual([21]);
    await Promise.resolve();
    expect(rates).toEqual([21]);
    markFirstContent();
    await vi.waitFor(() => expect(rates).toEqual([21, 0]));
  });

  it('on a screen that never shows member data, React’s own after the 3 s the others wait', async () => {
    vi.useFakeTimers();
    const { renderFirstScreen } = await import('./first-render');
    renderFirstScreen(() => undefined);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(rates).toEqual([21]);
    await vi.advanceTimersByTimeAsync(200);
    expect(rates).toEqual([21, 0]);
  });
});
