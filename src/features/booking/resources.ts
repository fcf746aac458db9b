// The names of what the booking slice pulls (the keys of the `pulls` table) and the instant form they
// use: read by the screens' live views, which do not load the pulls themselves (pull.ts loads when a
// screen asks for a refresh, after its first rows).

/** ISO instants compare correctly as text only in one form: UTC with milliseconds. */
export function normaliseIso(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}

export function sessionsResource(facilityGuid: string, fromIso: string, toIso: string): string {
  return `sessions:${facilityGuid}:${normaliseIso(fromIso)}:${normaliseIso(toIso)}`;
}

export const bookingsResource = (facilityGuid: string) => `bookings:${facilityGuid}`;
export const visitsResource = (facilityGuid: string) => `visits:${facilityGuid}`;
export const sessionResource = (id: number) => `session:${id}`;
export const visitResource = (id: number) => `visit:${id}`;
