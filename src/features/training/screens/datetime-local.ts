// <input type="datetime-local"> speaks wall-clock time without a zone; the app means the
// facility's zone, as everywhere else it shows a time.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the input's "yyyy-MM-ddTHH:mm" in the zone; '' when not a date. */
export function toLocalInput(instant: string | Date, timeZone: string): string {
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (!Number.isFinite(ms)) return '';
  return format(new TZDate(ms, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** The input's value read in the zone, as an ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const date = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return new Date(date.getTime()).toISOString();
}
