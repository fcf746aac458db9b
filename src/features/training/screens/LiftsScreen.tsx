// /training/lifts: one row per movement the member has lifted, with their best and estimated
// one-rep max, computed on the device from the logged lifts; and the plate calculator for any weight.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useLiftSummaries, useRefreshTraining } from '../hooks';
import { useFormat } from '../../../i18n/useFormat';
import { PageHeader } from '../../../ui/page-header/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { Icon } from '../../../ui/icon/index';
import { formatMeasurement } from './score-format';
import { TRAINING_PATH, liftPath, newWorkoutPath } from './paths';
import { TrainingOffNotice } from './TrainingOffNotice';
import './training.css';
import { Button, ButtonLink } from '../../../ui/button/index';
import { PlatesDialog } from './PlatesDialog';
import { List, ListRow } from '../../../ui/list/index';

export default function LiftsScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.lifts');
  const format = useFormat(useFacility()?.time_zone);
  const lifts = useLiftSummaries();
  useRefreshTraining();
  const [plates, setPlates] = useState(false);
  return (
    <section className="page training" aria-labelledby="page-title">
      <PageHeader
        back={<ButtonLink variant="ghost" size="sm" to={TRAINING_PATH}><Icon name="chevron-left" />{t('training.backToLog')}</ButtonLink>}
        title={<span id="page-title">{title}</span>}
        actions={<ButtonLink variant="primary" to={newWorkoutPath('lift')}><Icon name="plus" />{t('training.logLift')}</ButtonLink>}
      />
      <TrainingOffNotice />
      <p className="training__tools">
        <Button size="sm" icon="dumbbell" onClick={() => setPlates(true)} data-testid="plate-calculator">{t('training.plates.calculator')}</Button>
      </p>
      {plates && <PlatesDialog open onClose={() => setPlates(false)} weight={Number.NaN} format={format} />}
      {lifts === undefined ? (
        <Spinner block />
      ) : lifts.length === 0 ? (
        <EmptyState icon="dumbbell" title={t('empty.lifts')} body={t('training.liftsEmptyHint')}
          action={<ButtonLink variant="primary" to={newWorkoutPath('lift')}>{t('training.logLift')}</ButtonLink>} />
      ) : (
        <List data-testid="lift-summaries">
          {lifts.map((lift) => (
            <ListRow key={lift.id} className="lift-summary" to={liftPath(lift.id)} data-testid="lift-summary" data-movement-id={lift.id}
              title={<span className="lift-summary__name">{lift.movement.name}</span>}
              meta={<>
                <span className="lift-summary__figures">
                  {lift.best_weight && <span>{t('training.bestWeight', { value: formatMeasurement(lift.best_weight, format) })}</span>}
                  {lift.estimated_one_rep_max && <span data-testid="lift-e1rm">{t('training.oneRepMaxShort', { value: formatMeasurement(lift.estimated_one_rep_max, format) })}</span>}
                </span>
                <span>
                  {t('training.liftCount', { count: lift.lifts_count, value: format.number(lift.lifts_count) })}
                  {' · '}
                  {t('training.lastLifted', { date: format.date(lift.last_completed_at) })}
                </span>
              </>}
              end={<Icon name="chevron-right" />} />
          ))}
        </List>
      )}
    </section>
  );
}
