// React's scheduler (react-dom's own, the same module in the build) ships no types: the one call
// the app makes (main.tsx).
declare module 'scheduler' {
  /** How many times a second React's work gives way to the browser; 0: its default, every 5 ms. */
  export function unstable_forceFrameRate(fps: number): void;
}
