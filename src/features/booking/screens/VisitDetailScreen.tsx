import { useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshVisit, useVisit } from '../hooks/visits';
import { usePending } from '../../../data/hooks/pending';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { instructorNames } from './instructors';
import { visitLabel } from '../../../domain/session-status';
import { ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Stack } from '../../../ui/layout/index';

export default function VisitDetailScreen() {
  const { t } = useTranslation('booking');
  const title = usePageTitle('titles.visitDetail');
  const params = useParams();
  const id = Number(params.visitId);
  const visit = useVisit(Number.isInteger(id) ? id : undefined);
  useRefreshVisit(Number.isInteger(id) ? id : undefined);
  const facility = useFacility();
  const format = useFormat(facility?.time_zone);
  const pending = usePending('visits', id);
  if (visit === undefined) return <Spinner block />;
  if (visit === null) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">{title}</h1>
        <EmptyState title={t('visits.notFound')} />
      </section>
    );
  }
  const names = instructorNames(visit.session.instructors, t);
  const label = visitLabel(visit.state, visit.session.cancelled, visit.late_cancelled);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{visit.session.name}</h1>
      <Stack>
        <Card>
          <KeyValueList testId="visit-facts" items={[
            { id: 'state', label: t('visits.state'), value: <>{t(`visitState.${label.code}`)}{pending && ` · ${t('common.waitingToSync')}`}</> },
            { id: 'when', label: t('classes.when'), value: <>{format.weekdayDate(visit.session.start_date)}, {format.timeRange(visit.session.start_date, visit.session.end_date)}</> },
            Boolean(names) && { id: 'instructors', label: t('classes.instructors'), value: names },
            Boolean(visit.session.location) && { id: 'where', label: t('classes.where'), value: visit.session.location },
          ]} />
        </Card>
        <div><ButtonLink to={`/classes/${visit.session.id}`}>{t('visits.openClass')}</ButtonLink></div>
      </Stack>
    </section>
  );
}
