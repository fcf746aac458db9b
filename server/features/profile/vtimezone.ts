import { tzOffset } from '@date-fns/tz';

// A VTIMEZONE for an IANA zone over the calendar's window, from the runtime's own zone data (Intl,
// through @date-fns/tz): the observance in force at the start, then one per offset change inside
// the window. Explicit observances rather than a guessed RRULE: exact for every event the feed has.

const MINUTE = 60_000;
/** No zone changes its offset twice within six hours; a step finds each change, a bisection its minute. */
const STEP = 6 * 60 * MINUTE;

interface OffsetChange {
  /** The first minute of the new offset. */
  at: Date;
  before: number;
  after: number;
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The wall-clock time of `instant` at UTC offset `minutes`, as iCalendar writes a local time. */
function localText(instant: Date, minutes: number): string {
  return new Date(instant.getTime() + minutes * MINUTE).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

/**
 * The zone's offset changes in [from, to), each at its exact minute. (`tzScan` of @date-fns/tz
 * steps by hours from the window's start, so its changes kept the start's minutes: a feed fetched
 * at 21:38 moved Auckland's 03:00 change to 03:38, and Lord Howe's half-hour changes to the hour.)
 */
export function offsetChanges(zone: string, from: Date, to: Date): OffsetChange[] {
  const changes: OffsetChange[] = [];
  const end = Math.floor(to.getTime() / MINUTE) * MINUTE;
  let at = Math.floor(from.getTime() / MINUTE) * MINUTE;
  let offset = tzOffset(zone, new Date(at));
  while (at < end) {
    const next = Math.min(at + STEP, end);
    if (tzOffset(zone, new Date(next)) === offset) {
      at = next;
      continue;
    }
    // The offset is `offset` at `low` and another at `high`: halve (in whole minutes) to the change.
    let low = at;
    let high = next;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
      if (tzOffset(zone, new Date(middle)) === offset) low = middle;
      else high = middle;
    }
    const after = tzOffset(zone, new Date(high));
    changes.push({ at: new Date(high), before: offset, after });
    offset = after;
    at = high;
  }
  return changes;
}

export function vtimezone(zone: string, from: Date, to: Date): string {
  const first = tzOffset(zone, from);
  const changes = offsetChanges(zone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, before: number, after: number) =>
    lines.push(`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `END:${kind}`);
  // Summer time is the offset a later change takes back. The observance in force starts with the
  // window's local day: no event is earlier, and the text stays the same all day long.
  observance((changes[0] ? changes[0].after - changes[0].before : 0) < 0 ? 'DAYLIGHT' : 'STANDARD', `${localText(from, first).slice(0, 8)}T000000`, first, first);
  for (const change of changes) {
    observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', localText(change.at, change.before), change.before, change.after);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
