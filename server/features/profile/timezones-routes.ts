import { Hono } from 'hono';
import type { Timezone } from '../../../core/contract/types';
import type { AppEnv } from '../../http/context';

/** "+13:00" style offset of a zone at a moment. */
export function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  const match = /([+-]\d{2}):?(\d{2})?/.exec(part?.value ?? '');
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

// Offsets change only at DST transitions; computing ~400 of them per request is wasteful,
// so the list is cached per hour.
let cache: { hour: number; list: Timezone[] } | null = null;

export function timezoneList(at: Date): Timezone[] {
  const hour = Math.floor(at.getTime() / 3_600_000);
  if (cache?.hour !== hour) {
    const names = Intl.supportedValuesOf('timeZone');
    if (!names.includes('UTC')) names.push('UTC');
    cache = { hour, list: names.map((name) => ({ name, offset: utcOffset(name, at) })) };
  }
  return cache.list;
}

export function timezoneRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => c.json(timezoneList(c.get('deps').now())));
  return routes;
}
