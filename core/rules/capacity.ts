// Places in a class, pure. One rule for the server, what it tells the app, and the app's
// optimistic counts:
//   taken = booked + attended + pending, and the class is full when taken ≥ capacity.
// A pending visit holds its place: the offer was made because that place was free, and it must
// still be there when the member confirms. Drop-ins are booked visits and take places too.

export interface VisitCounts {
  booked: number;
  attended: number;
  pending: number;
  waitlisted: number;
  /** Live drop-in visits (booked or attended). */
  droppedin: number;
}

export const NO_VISITS: VisitCounts = { booked: 0, attended: 0, pending: 0, waitlisted: 0, droppedin: 0 };

export function placesTaken(c: VisitCounts): number {
  return c.booked + c.attended + c.pending;
}

export function isFull(capacity: number, c: VisitCounts): boolean {
  return isFullWith(capacity, placesTaken(c));
}

/** The same rule on a class row, whose booked_count is the places taken. */
export function isFullWith(capacity: number, taken: number): boolean {
  return taken >= capacity;
}

export function freePlaces(capacity: number, c: VisitCounts): number {
  return Math.max(0, capacity - placesTaken(c));
}

/** Folds (state, dropin, count) rows of one class into counts. */
export function countVisits(rows: Iterable<{ state: string; dropin: number; n: number }>): VisitCounts {
  const c = { ...NO_VISITS };
  for (const row of rows) {
    if (row.state === 'booked' || row.state === 'attended' || row.state === 'pending' || row.state === 'waitlisted') c[row.state] += row.n;
    if (row.dropin === 1 && (row.state === 'booked' || row.state === 'attended')) c.droppedin += row.n;
  }
  return c;
}
