import { tzOffset, tzScan } from '@date-fns/tz';

// A VTIMEZONE for an IANA zone over the calendar's window, from the runtime's own zone data (Intl,
// through @date-fns/tz): the observance in force at the start, then one per offset change inside
// the window. Explicit observances rather than a guessed RRULE: exact for every event the feed has.

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The wall-clock time of `instant` at UTC offset `minutes`, as iCalendar writes a local time. */
function localText(instant: Date, minutes: number): string {
  return new Date(instant.getTime() + minutes * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

export function vtimezone(zone: string, from: Date, to: Date): string {
  const first = tzOffset(zone, from);
  const changes = tzScan(zone, { start: from, end: to });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', at: Date, before: number, after: number) =>
    lines.push(`BEGIN:${kind}`, `DTSTART:${localText(at, before)}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `END:${kind}`);
  // Summer time is the offset a later change takes back.
  observance((changes[0]?.change ?? 0) < 0 ? 'DAYLIGHT' : 'STANDARD', from, first, first);
  let previous = first;
  for (const change of changes) {
    observance(change.change > 0 ? 'DAYLIGHT' : 'STANDARD', change.date, previous, change.offset);
    previous = change.offset;
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
