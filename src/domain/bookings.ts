// My bookings: the member's coming classes and appointments in one list, soonest first
// (docs/decisions.md#navigation), so an appointment is seen where its time puts it.

export type Coming<V, A> = { kind: 'class'; start: number; item: V } | { kind: 'appointment'; start: number; item: A };

/** Classes and appointments by start time; a class first when both start at the same instant. */
export function comingInOrder<V extends { session: { start_date: string } }, A extends { start_at: string }>(visits: readonly V[], appointments: readonly A[]): Coming<V, A>[] {
  const entries: Coming<V, A>[] = [
    ...visits.map((item) => ({ kind: 'class' as const, start: Date.parse(item.session.start_date), item })),
    ...appointments.map((item) => ({ kind: 'appointment' as const, start: Date.parse(item.start_at), item })),
  ];
  // Array.prototype.sort is stable: equal starts keep classes before appointments.
  return entries.sort((a, b) => a.start - b.start);
}
