// My bookings: the member's weekly bookings in this organisation, what each did last, and Stop.
import { useTranslation } from '../../../i18n/use-translation';
import type { StoredRecurringBooking } from '../../../data/db';
import { Button } from '../../../ui/button/index';
import { useCommand } from '../../../ui/use-command';
import { useFormat } from '../../../i18n/useFormat';
import { stopEveryWeek } from '../recurring-commands';
import { useOrgId, useRecurringBookings, useRefreshRecurring } from '../hooks/recurring';
import { weekOutcomeText } from './week-text';

/** An instant on the series' weekday at its local time, read in UTC: formats as "Tue" and "6:00 AM" in any locale. */
function slotInstant(series: Pick<StoredRecurringBooking, 'weekday' | 'local_time'>): string {
  // 4 January 2026 was a Sunday.
  return `2026-01-${String(4 + series.weekday).padStart(2, '0')}T${series.local_time}:00.000Z`;
}

export function RecurringList({ facilityGuid }: { facilityGuid: string }) {
  const { t } = useTranslation('booking');
  const run = useCommand();
  const orgId = useOrgId(facilityGuid);
  const list = useRecurringBookings(orgId);
  useRefreshRecurring(facilityGuid, orgId);
  const slotFormat = useFormat('UTC');
  const format = useFormat(list?.[0]?.time_zone);
  if (!list || list.length === 0) return null;
  return (
    <section aria-labelledby="every-week-title" className="stack recurring">
      <h2 id="every-week-title" className="recurring__title">{t('recurring.title')}</h2>
      <ul className="list card card--flush" data-testid="recurring-bookings">
        {list.map((series) => {
          const instant = slotInstant(series);
          const last = series.last;
          const when = last ? `${format.weekdayDate(last.start_date)} ${format.time(last.start_date)}` : '';
          const lastText = last ? weekOutcomeText(t, last.outcome, when) : null;
          return (
            <li key={series.id} className="recurring-row" data-testid="recurring-row">
              <div className="recurring-row__main">
                <span className="recurring-row__name">{series.name}</span>
                <span>{t('recurring.slot', { weekday: slotFormat.weekdayShort(instant), time: slotFormat.time(instant) })}</span>
                {lastText && <span className="recurring-row__last">{lastText}</span>}
              </div>
              {series.id < 0 ? (
                <span className="recurring-row__last">{t('recurring.waiting')}</span>
              ) : (
                <Button variant="secondary" aria-label={t('recurring.stopLabel', { name: series.name })} onClick={() => void run(() => stopEveryWeek(series.id), { success: t('toast.stoppedEveryWeek') })}>{t('recurring.stop')}</Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
