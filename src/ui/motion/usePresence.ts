import { useCallback, useEffect, useState } from 'react';
import { prefersReducedMotion } from './reducedMotion';

type Phase = 'entered' | 'exiting' | 'exited';

export interface Presence {
  /** Render the element at all (true while open and during the exit animation). */
  mounted: boolean;
  /** The exit animation is running: apply the closing class. */
  exiting: boolean;
  /** Call from animationend/transitionend of the exit animation to unmount. */
  finish: () => void;
}

/**
 * Keeps an element mounted until its exit animation ends. `fallbackMs` unmounts anyway if the
 * animation never reports its end (hidden tab, animation overridden by CSS, test environments).
 */
export function usePresence(open: boolean, fallbackMs: number): Presence {
  const [phase, setPhase] = useState<Phase>(open ? 'entered' : 'exited');

  // Derive the phase from `open` during render so the closing class is applied in the same commit.
  if (open && phase !== 'entered') setPhase('entered');
  else if (!open && phase === 'entered') setPhase(prefersReducedMotion() ? 'exited' : 'exiting');

  const finish = useCallback(() => setPhase((p) => (p === 'exiting' ? 'exited' : p)), []);

  useEffect(() => {
    if (phase !== 'exiting') return;
    const id = setTimeout(finish, fallbackMs);
    return () => clearTimeout(id);
  }, [phase, fallbackMs, finish]);

  return { mounted: phase !== 'exited', exiting: phase === 'exiting', finish };
}
