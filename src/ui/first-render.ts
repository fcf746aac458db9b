// The app's first render (main.tsx). A transition lets React give way to the browser while it builds
// the first screen, instead of one long task that keeps a tap (or the browser's own work) waiting
// on a slow phone. React gives way every 5 ms; until the first screen of data, every 47 ms instead:
// each task stays under the 50 ms that counts as blocking, and the live rows come sooner on a slow
// phone (docs/decisions.md#first-render-slices). Later renders give way every 5 ms again.
import { startTransition } from 'react';
import { unstable_forceFrameRate } from 'scheduler';
import { afterFirstContent } from './first-content';

/** 1000 / 21 = 47 ms of React's work at a time. */
const FIRST_RENDER_FPS = 21;

export function renderFirstScreen(render: () => void): void {
  unstable_forceFrameRate(FIRST_RENDER_FPS);
  void afterFirstContent().then(() => unstable_forceFrameRate(0));
  startTransition(render);
}
