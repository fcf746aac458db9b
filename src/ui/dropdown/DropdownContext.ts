import { createContext, useContext } from 'react';

export interface DropdownApi {
  /** Closes the dropdown; focus goes back to the trigger when it was inside or when asked. */
  close: (options?: { focusTrigger?: boolean }) => void;
}

export const DropdownContext = createContext<DropdownApi | null>(null);

export function useDropdown(): DropdownApi | null {
  return useContext(DropdownContext);
}
