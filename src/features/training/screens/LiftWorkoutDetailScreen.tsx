// /training/workouts/lift/:id: a logged lift, set by set, with its load.
import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshTraining } from '../hooks';
import { useFormat } from '../../../i18n/useFormat';
import { Spinner } from '../../../ui/spinner/index';
import { useRouteWorkout } from './use-route-workout';
import { FollowSyncedId } from './FollowSyncedId';
import { WorkoutDetailFrame } from './WorkoutDetailFrame';
import { WorkoutNotFound } from './WorkoutNotFound';
import { SetsTable } from './SetsTable';
import { formatMeasurement, heaviestWeight } from './score-format';
import { liftPath, workoutPath } from './paths';
import { Card } from '../../../ui/card/index';
import { RecordBanner, useRecordNoticeLifetime } from './RecordBanner';
import { KeyValueList } from '../../../ui/key-value/index';
import './training.css';

export default function LiftWorkoutDetailScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.liftWorkoutDetail');
  const format = useFormat(useFacility()?.time_zone);
  useRefreshTraining();
  useRecordNoticeLifetime();
  const route = useRouteWorkout('lift');
  if (route.status === 'loading') return <Spinner block />;
  if (route.status === 'missing') return <WorkoutNotFound title={title} />;
  if (route.status === 'moved') return <FollowSyncedId to={workoutPath(route.workout)} />;
  const lift = route.workout;
  if (lift.type !== 'lift') return <Navigate to={workoutPath(lift)} replace />;
  const heaviest = heaviestWeight(lift.sets);
  return (
    <WorkoutDetailFrame workout={lift} format={format}>
      <RecordBanner />
      <Card>
        <KeyValueList items={[
          { id: 'movement', label: t('training.movement'), value: <Link to={liftPath(lift.movement.id)} data-testid="workout-movement">{lift.movement.name}</Link> },
          { id: 'scheme', label: t('training.repScheme'), value: <span data-testid="workout-rep-scheme">{lift.rep_scheme}</span> },
          heaviest && { id: 'heaviest', label: t('training.heaviest'), value: <span className="tabular">{formatMeasurement(heaviest, format)}</span> },
          lift.load && { id: 'load', label: t('training.load'), value: <span className="training__score" data-testid="workout-load">{formatMeasurement(lift.load, format)}</span> },
        ]} />
      </Card>
      <div className="card card--flush training__table-wrap">
        <SetsTable sets={lift.sets} movement={lift.movement} format={format} />
      </div>
    </WorkoutDetailFrame>
  );
}
