// /training/workouts/wod/:id: a logged WOD with its score.
import { Navigate } from 'react-router';
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
import { formatWodScore, prescribedLabel } from './score-format';
import { workoutPath } from './paths';
import './training.css';

export default function WodDetailScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.wodDetail');
  const format = useFormat(useFacility()?.time_zone);
  useRefreshTraining();
  const route = useRouteWorkout('wod');
  if (route.status === 'loading') return <Spinner block />;
  if (route.status === 'missing') return <WorkoutNotFound title={title} />;
  if (route.status === 'moved') return <FollowSyncedId to={workoutPath(route.workout)} />;
  const wod = route.workout;
  if (wod.type !== 'wod') return <Navigate to={workoutPath(wod)} replace />;
  const score = formatWodScore(wod, format, t);
  return (
    <WorkoutDetailFrame
      workout={wod}
      format={format}
      badges={<span className={`badge ${wod.as_prescribed ? 'badge--brand' : 'badge--muted'}`} data-testid="workout-rx">{prescribedLabel(wod.as_prescribed, t)}</span>}
    >
      <dl className="card training__facts">
        <dt>{t('training.scoring')}</dt>
        <dd>{t(`training.scoringTypes.${wod.scoring}`)}</dd>
        {wod.scoring !== 'none' && (
          <>
            <dt>{t('training.score.label')}</dt>
            <dd className="training__score" data-testid="workout-score">{score || t('training.noScore')}</dd>
          </>
        )}
      </dl>
    </WorkoutDetailFrame>
  );
}
