import { useTranslation } from '../../../i18n/use-translation';
import type { StoredAppointment } from '../../../data/db';
import type { Formatter } from '../../../i18n/format';

/** What pays for the appointment, with what is left ("uses 1 of 8 visits left on your 10-visit pass"). */
export function ConcessionText({ appointment, format }: { appointment: StoredAppointment; format: Formatter }) {
  const { t } = useTranslation('appointments');
  const c = appointment.concession;
  const price = format.currency(appointment.price ?? 0, appointment.currency ?? 'NZD');
  // Nothing covers it: booked all the same, paid at the studio (a due invoice once booked).
  if (!c || c.kind === 'casual') return <>{appointment.status === 'booked' ? t('concession.casualBooked', { price }) : t('concession.casual', { price })}</>;
  if (c.kind === 'membership') return <>{t('concession.membership', { name: c.name ?? '' })}</>;
  if (c.visits_left === null || c.visits_total === null) return <>{t('concession.passUnlimited', { name: c.name ?? '' })}</>;
  // A hold shows what booking would use; afterwards, what is left of what paid.
  const key = appointment.status === 'held' ? 'concession.pass' : 'concession.paidPass';
  return <>{t(key, { name: c.name ?? '', left: c.visits_left, total: c.visits_total })}</>;
}

/** Paid at the studio: nothing the member has covers it (what the confirm, cancel and lists say). */
export function paidAtStudio(appointment: Pick<StoredAppointment, 'concession'>): boolean {
  return !appointment.concession || appointment.concession.kind === 'casual';
}
