const QUERY = '(prefers-reduced-motion: reduce)';

/** True when the user asked for less motion; exit animations are then skipped entirely. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY).matches
    : false;
}
