// What a weekly booking did with one week's class, in words: My bookings says it of the last week
// the series tried, the class page of the week on screen.
import type { TFunction } from 'i18next';
import { reasonOfCode } from '../../../../core/rules/bookability';

/** "Booked for Tue 24 Nov 6:30 AM", "Not booked for …: why"; null when there is nothing to say (the member already had a place). */
export function weekOutcomeText(t: TFunction<'booking'>, outcome: string, when: string): string | null {
  if (outcome === 'already') return null;
  if (outcome === 'booked' || outcome === 'waitlisted') return t(`recurring.${outcome}`, { when });
  const reason = reasonOfCode(outcome);
  return t('recurring.notBooked', { when, why: reason ? t(`block.${reason}`, { when: '' }) : t('recurring.unknown') });
}
