// /training/workouts/lift/:id: a logged lift, set by set, with its load.
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import './training.css';

export default function LiftWorkoutDetailScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.liftWorkoutDetail');
  const format = useFormat(useFacility()?.time_zone);
  useRefreshTraining();
  const route = useRouteWorkout('lift');
  if (route.status === 'loading') return <Spinner block />;
  if (route.status === 'missing') return <WorkoutNotFound title={title} />;
  if (route.status === 'moved') return <FollowSyncedId to={workoutPath(route.workout)} />;
  const lift = route.workout;
  if (lift.type !== 'lift') return <Navigate to={workoutPath(lift)} replace />;
  const heaviest = heaviestWeight(lift.sets);
  return (
    <WorkoutDetailFrame workout={lift} format={format}>
      <dl className="card training__facts">
        <dt>{t('training.movement')}</dt>
        <dd><Link to={liftPath(lift.movement.id)} data-testid="workout-movement">{lift.movement.name}</Link></dd>
        <dt>{t('training.repScheme')}</dt>
        <dd data-testid="workout-rep-scheme">{lift.rep_scheme}</dd>
        {heaviest && (
          <>
            <dt>{t('training.heaviest')}</dt>
            <dd className="tabular">{formatMeasurement(heaviest, format)}</dd>
          </>
        )}
        {lift.load && (
          <>
            <dt>{t('training.load')}</dt>
            <dd className="training__score" data-testid="workout-load">{formatMeasurement(lift.load, format)}</dd>
          </>
        )}
      </dl>
      <div className="card card--flush training__table-wrap">
        <SetsTable sets={lift.sets} movement={lift.movement} format={format} />
      </div>
    </WorkoutDetailFrame>
  );
}
