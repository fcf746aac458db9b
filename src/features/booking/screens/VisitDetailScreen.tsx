import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshVisit, useVisit } from '../hooks/visits';
import { usePending } from '../../../data/hooks/pending';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { instructorNames } from './instructors';

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
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{visit.session.name}</h1>
      <dl className="card details">
        <dt>{t('visits.state')}</dt>
        <dd>{t(`visitState.${visit.state}`)}{visit.late_cancelled && ` · ${t('visits.lateCancelled')}`}{pending && ` · ${t('common.waitingToSync')}`}</dd>
        <dt>{t('classes.when')}</dt>
        <dd>{format.weekdayDate(visit.session.start_date)}, {format.timeRange(visit.session.start_date, visit.session.end_date)}</dd>
        {names && <><dt>{t('classes.instructors')}</dt><dd>{names}</dd></>}
        {visit.session.location && <><dt>{t('classes.where')}</dt><dd>{visit.session.location}</dd></>}
      </dl>
      <Link className="btn btn--secondary" to={`/classes/${visit.session.id}`}>{t('visits.openClass')}</Link>
    </section>
  );
}
