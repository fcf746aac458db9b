// Visit history, newest first, under year headers.
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshVisits, useVisits } from '../hooks/visits';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { useFormat } from '../../../i18n/useFormat';
import { groupByYear } from '../../../domain/timetable';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useNow } from './use-now';
import { useOtherFacilityName } from './use-facility-names';
import { VisitRow } from './VisitRow';
import './classes.css';

export default function VisitsScreen() {
  const { t } = useTranslation('booking');
  const title = usePageTitle('titles.visits');
  const facility = useFacility();
  const timeZone = facility?.time_zone ?? 'UTC';
  const format = useFormat(timeZone);
  const now = useNow();
  const visits = useVisits(facility?.guid);
  useRefreshVisits(facility?.guid);
  const touches = usePendingTouches();
  const otherFacility = useOtherFacilityName();
  const years = useMemo(() => groupByYear(visits ?? [], (v) => v.session.start_date, timeZone), [visits, timeZone]);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {visits === undefined ? (
        <Spinner block />
      ) : visits.length === 0 ? (
        <EmptyState title={t('empty.visits')} />
      ) : (
        years.map((group) => (
          <section key={group.year} aria-labelledby={`year-${group.year}`}>
            <h2 id={`year-${group.year}`} className="timetable__day">{group.year}</h2>
            <ul className="list card card--flush">
              {group.items.map((visit) => (
                <VisitRow key={visit.id} session={visit.session} state={visit.state} format={format} now={now} showActions={false} facilityName={otherFacility(visit.session.facility_guid)}
                  href={`/visits/${visit.id}`} pending={touches.has(touchKey('visits', visit.id))} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
