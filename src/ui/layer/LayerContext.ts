import { createContext, useContext } from 'react';

/**
 * The element overlays should portal into. Modals and dropdown panels provide themselves, so a
 * dropdown opened inside a modal stacks above it and counts as "inside" for outside-click checks.
 */
export const LayerContext = createContext<HTMLElement | null>(null);

export function useLayerContainer(): HTMLElement | null {
  const layer = useContext(LayerContext);
  return layer ?? (typeof document === 'undefined' ? null : document.body);
}
