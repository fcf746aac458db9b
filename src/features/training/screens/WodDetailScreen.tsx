// /training/workouts/wod/:id: a logged WOD with its score.
import { Navigate } from 'react-router';
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
import { formatWodScore, prescribedLabel } from './score-format';
import { workoutPath } from './paths';
import { Card } from '../../../ui/card/index';
import { Chip } from '../../../ui/chip/index';
import { KeyValueList } from '../../../ui/key-value/index';
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
      badges={<Chip tone={wod.as_prescribed ? 'brand' : 'neutral'} testId="workout-rx">{prescribedLabel(wod.as_prescribed, t)}</Chip>}
    >
      <Card>
        <KeyValueList items={[
          { id: 'scoring', label: t('training.scoring'), value: t(`training.scoringTypes.${wod.scoring}`) },
          wod.scoring !== 'none' && { id: 'score', label: t('training.score.label'), value: <span className="training__score" data-testid="workout-score">{score || t('training.noScore')}</span> },
        ]} />
      </Card>
    </WorkoutDetailFrame>
  );
}
