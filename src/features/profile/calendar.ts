// The calendar feed's secret address: made or revoked on the server (online only; the address is
// the server's to give), then kept on the profile row so Settings shows it offline too.
import { activateCalendar, disableCalendar } from '../../data/api/account';
import { db } from '../../data/db';
import { stampConfirmed, touchKey } from '../../data/sync/touches';
import type { Profile } from '../../../core/contract/types';

async function keepToken(profile: Profile): Promise<void> {
  // Only the token: other fields may carry edits still waiting in the outbox. Stamped as confirmed,
  // so a profile pull already on its way (read before this answer) cannot put the old address
  // back: the session check at start did, and Settings showed "Turn on" again after a tap on it.
  await db.transaction('rw', db.profiles, db.confirmations, async () => {
    await db.profiles.update(profile.id, { calendar_token: profile.calendar_token });
    await stampConfirmed([touchKey('profiles', profile.id)]);
  });
}

export async function turnCalendarOn(): Promise<void> {
  await keepToken(await activateCalendar());
}

export async function turnCalendarOff(): Promise<void> {
  await keepToken(await disableCalendar());
}

/** The feed's https address and the webcal: one calendar apps subscribe with. */
export function calendarUrls(origin: string, token: string): { url: string; webcal: string } {
  const url = `${origin}/calendar/${token}.ics`;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}
