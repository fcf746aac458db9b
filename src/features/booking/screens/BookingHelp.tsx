// "Why can't I book" and "Book every week" on the class page (see docs/rules.md#booking): the
// first rule in the way with its way out (a reminder when booking opens, the waitlist, other
// classes), and the member's weekly booking of this class with Stop. Every write is an outbox
// command, so all of it works offline.
import { useTranslation } from '../../../i18n/use-translation';
import type { Session } from '../../../../core/contract/types';
import { whyNotBookable } from '../../../../core/rules/bookability';
import { Button, ButtonLink } from '../../../ui/button/index';
import { Cluster } from '../../../ui/layout/index';
import { useCommand } from '../../../ui/use-command';
import type { Formatter } from '../../../i18n/format';
import { bookEveryWeek, cancelReminder, remindMe, stopEveryWeek } from '../recurring-commands';
import { useOrgId, useRecurringBookings, useRefreshRecurring, useReminder } from '../hooks/recurring';
import { seriesOfClass, weekStanding } from '../../../domain/every-week';
import { weekOutcomeText } from './week-text';

export function WhyNotBookable({ session, now, format }: { session: Session; now: Date; format: Formatter }) {
  const { t } = useTranslation('booking');
  const run = useCommand();
  const reminder = useReminder(session.id);
  const why = whyNotBookable(session, now);
  // Booked, waitlisted and offered places say so in their own badges and prompt.
  if (!why || why.reason === 'booked' || why.reason === 'pending' || why.reason === 'waitlisted') return null;
  const when = (iso: string) => `${format.weekdayDate(iso)} ${format.time(iso)}`;
  const text = why.reason === 'full' && why.way === 'waitlist' ? t('block.full_waitlist') : t(`block.${why.reason}`, { when: when(session.booking_open_date) });
  return (
    <div className="class-detail__why notice notice--info" data-testid="booking-block" data-reason={why.reason}>
      <p>{text}</p>
      {why.way === 'remind' && reminder !== undefined && (
        reminder ? (
          <Cluster>
            <p data-testid="reminder-set">{t('reminder.set', { when: when(reminder.fire_at) })}</p>
            <Button variant="secondary" onClick={() => void run(() => cancelReminder(session.id), { success: t('toast.unreminded') })}>{t('reminder.cancel')}</Button>
          </Cluster>
        ) : (
          <Button variant="primary" data-action="remind" onClick={() => void run(() => remindMe(session.id), { loading: t('toast.reminding'), success: t('toast.reminded') })}>{t('way.remind')}</Button>
        )
      )}
      {why.way === 'timetable' && <ButtonLink variant="secondary" to="/classes">{t('way.timetable')}</ButtonLink>}
      {why.way === 'buy' && <ButtonLink variant="secondary" to="/checkout">{t('way.buy')}</ButtonLink>}
    </div>
  );
}

/**
 * "Book every week": the member's weekly booking of this class, and how this week stands (booked,
 * waitlisted, why not, or booked when booking opens: shown at the tap, then as the studio
 * answered), or the button that makes one.
 */
export function EveryWeek({ session, timeZone, now, format }: { session: Session; timeZone: string; now: Date; format: Formatter }) {
  const { t } = useTranslation('booking');
  const run = useCommand();
  const orgId = useOrgId(session.facility_guid);
  const all = useRecurringBookings(orgId);
  useRefreshRecurring(session.facility_guid, orgId);
  if (all === undefined || session.cancelled) return null;
  const series = seriesOfClass(all, session, timeZone);
  const when = (iso: string) => `${format.weekdayDate(iso)} ${format.time(iso)}`;
  const standing = series ? weekStanding(session, series.last, now) : null;
  const week = !standing
    ? null
    : standing.kind === 'when_open'
      ? t('recurring.whenOpen', { when: when(standing.opensAt) })
      : weekOutcomeText(t, standing.kind === 'not_booked' ? standing.outcome : standing.kind, when(session.start_date));
  return (
    <div className="class-detail__weekly" data-testid="every-week">
      {series ? (
        <>
          <Cluster>
            <p>{t('recurring.active')}</p>
            {series.id < 0 ? (
              <span className="class-detail__waiting">{t('recurring.waiting')}</span>
            ) : (
              <Button variant="secondary" aria-label={t('recurring.stopLabel', { name: session.name })} onClick={() => void run(() => stopEveryWeek(series.id), { success: t('toast.stoppedEveryWeek') })}>{t('recurring.stop')}</Button>
            )}
          </Cluster>
          {week && <p className="class-detail__concession" data-testid="this-week" role="status">{week}</p>}
        </>
      ) : (
        <>
          <Button variant="secondary" data-action="every-week" onClick={() => void run(() => bookEveryWeek(session.id), { success: t('toast.everyWeek') })}>{t('recurring.book')}</Button>
          <p className="class-detail__concession">{t('recurring.hint')}</p>
        </>
      )}
    </div>
  );
}
