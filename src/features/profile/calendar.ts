// The calendar feed's secret address: made or revoked on the server (online only; the address is
// the server's to give), then kept on the profile row so Settings shows it offline too.
import { activateCalendar, disableCalendar } from '../../data/api/account';
import { keepAnswered } from '../../data/sync/touches';
import type { Profile } from '../../../core/contract/types';

function keepToken(profile: Profile): Promise<void> {
  // A pull already on its way cannot take the address back (Settings offered "Turn on" again).
  return keepAnswered<Profile>('profiles', profile.id, { calendar_token: profile.calendar_token });
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
