// /training/lifts/:liftId (a movement): the estimated one-rep max up front, personal records per
// rep count, and every time the member lifted it.
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useLiftDetail, useRefreshTraining } from '../hooks';
import { useFormat } from '../../../i18n/useFormat';
import { PageHeader } from '../../../ui/page-header/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { Icon } from '../../../ui/icon/index';
import { formatMeasurement, liftSummaryParts } from './score-format';
import { routeId } from './use-route-workout';
import { newWorkoutPath, workoutPath } from './paths';
import './training.css';
import { ButtonLink } from '../../../ui/button/index';
import { List, ListRow } from '../../../ui/list/index';
import { weightUnitsOf } from '../../../../core/rules/training/lift';
import { LiftProgress } from './LiftProgress';

export default function LiftDetailScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.liftDetail');
  const format = useFormat(useFacility()?.time_zone);
  const movementId = routeId(useParams().liftId);
  const detail = useLiftDetail(movementId);
  useRefreshTraining();
  const back = <ButtonLink variant="ghost" size="sm" to="/training/lifts"><Icon name="chevron-left" />{t('titles.lifts')}</ButtonLink>;

  if (detail === undefined && movementId !== null) return <Spinner block />;
  if (!detail) {
    return (
      <section className="page training" aria-labelledby="page-title">
        <PageHeader back={back} title={<span id="page-title">{title}</span>} />
        <EmptyState title={t('training.liftNotFound')} body={t('training.liftNotFoundHint')}
          action={<ButtonLink variant="primary" to="/training/lifts">{t('titles.lifts')}</ButtonLink>} />
      </section>
    );
  }

  const logThis = `${newWorkoutPath('lift')}?movement=${detail.movement.id}`;
  return (
    <section className="page training" aria-labelledby="page-title" data-testid="lift-detail">
      <PageHeader
        back={back}
        title={<span id="page-title">{detail.movement.name}</span>}
        subtitle={t('training.liftCount', { count: detail.lifts_count, value: format.number(detail.lifts_count) })}
        actions={<ButtonLink variant="primary" to={logThis}><Icon name="plus" />{t('training.logLift')}</ButtonLink>}
      />
      <div className="training__highlights">
        <div className="card training__highlight">
          <p className="training__highlight-label">{t('training.oneRepMax')}</p>
          <p className="training__highlight-value" data-testid="lift-e1rm">
            {detail.estimated_one_rep_max ? formatMeasurement(detail.estimated_one_rep_max, format) : '–'}
          </p>
          <p className="field__hint">{t('training.oneRepMaxHint')}</p>
        </div>
        {detail.best_weight && (
          <div className="card training__highlight">
            <p className="training__highlight-label">{t('training.heaviest')}</p>
            <p className="training__highlight-value" data-testid="lift-best">{formatMeasurement(detail.best_weight, format)}</p>
          </div>
        )}
      </div>

      <LiftProgress history={detail.history} movement={detail.movement.name} format={format}
        units={weightUnitsOf(detail.estimated_one_rep_max ?? detail.best_weight ?? { units: 'kilograms' })} />

      <div className="training__section">
        <h2>{t('training.records')}</h2>
        {detail.records.length === 0 ? (
          <p className="muted">{t('training.noRecords')}</p>
        ) : (
          <div className="card card--flush training__table-wrap">
            <table className="training-table" data-testid="lift-records">
              <thead>
                <tr>
                  <th scope="col">{t('training.reps')}</th>
                  <th scope="col">{t('training.properties.weight')}</th>
                  <th scope="col">{t('training.date')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.records.map((record) => (
                  <tr key={record.repetitions}>
                    <th scope="row">{t('training.repMax', { reps: format.number(record.repetitions) })}</th>
                    <td className="tabular">{formatMeasurement(record.weight, format)}</td>
                    <td><Link to={workoutPath({ type: 'lift', id: record.workout_id })}>{format.date(record.completed_at)}</Link></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <div className="training__section">
        <h2>{t('training.history')}</h2>
        <List data-testid="lift-history">
          {detail.history.map((lift) => (
            <ListRow key={lift.id} to={workoutPath(lift)} data-testid="lift-history-row"
              title={format.date(lift.completed_at)}
              meta={<>
                <span>{lift.name}</span>
                <span className="log-row__summary">{liftSummaryParts(lift, format, t).join(' · ')}</span>
              </>}
              end={<Icon name="chevron-right" />} />
          ))}
        </List>
      </div>
    </section>
  );
}
