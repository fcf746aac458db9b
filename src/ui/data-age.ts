// When what the screen shows was last fetched, for the top bar's offline chip (app/shell/OfflineBanner):
// the screen knows which of its pulls it shows, the chip only says it. One screen at a time. The
// screen formats it (the shell carries no date formatting: it is not part of the first paint).
import { useEffect, useSyncExternalStore } from 'react';
import type { Formatter } from '../i18n/format';

let shown: string | null = null;
const listeners = new Set<() => void>();
const set = (label: string | null) => {
  if (label === shown) return;
  shown = label;
  for (const listener of listeners) listener();
};

/** When data fetched at `at` was fetched, as the chip says it: the time today, the weekday and time before. */
export function dataAgeLabel(format: Formatter, at: number, now: number): string {
  return format.dayKey(at) === format.dayKey(now) ? format.time(at) : `${format.weekdayShort(at)} ${format.time(at)}`;
}

/** The screen shows data fetched when `label` says (from dataAgeLabel; undefined: not known, and nothing is said). */
export function useShowsDataFrom(label: string | undefined): void {
  useEffect(() => {
    if (label === undefined) return undefined;
    set(label);
    return () => {
      if (shown === label) set(null);
    };
  }, [label]);
}

/** When the data on screen was fetched, as the screen said it. */
export function useShownDataAge(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => shown,
    () => null,
  );
}
