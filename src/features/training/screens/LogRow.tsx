import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { Workout } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { Icon } from '../../../ui/icon/index';
import { formatWodScore, liftSummaryParts, prescribedLabel } from './score-format';
import { workoutPath } from './paths';
import { Chip, WaitingToSync } from '../../../ui/chip/index';

/** One workout in the log: name, a short score summary, and whether it still waits to sync. */
export const LogRow = memo(function LogRow({ workout, format, pending }: { workout: Workout; format: Formatter; pending: boolean }) {
  const { t } = useTranslation('training');
  const summary = workout.type === 'wod' ? formatWodScore(workout, format, t) : liftSummaryParts(workout, format, t).join(' · ');
  return (
    <Link to={workoutPath(workout)} className="log-row" data-testid="workout-row" data-workout-id={workout.id} data-workout-type={workout.type}>
      <span className="log-row__icon" aria-hidden="true"><Icon name={workout.type === 'lift' ? 'dumbbell' : 'list'} /></span>
      <span className="log-row__main">
        <span className="log-row__name">{workout.name}</span>
        {summary && <span className="log-row__summary" data-testid="workout-summary">{summary}</span>}
        {(workout.type === 'wod' || pending) && (
          <span className="status-badges">
            {workout.type === 'wod' && <Chip tone={workout.as_prescribed ? 'brand' : 'neutral'}>{prescribedLabel(workout.as_prescribed, t)}</Chip>}
            {pending && <WaitingToSync />}
          </span>
        )}
      </span>
      <span className="log-row__time muted">{format.time(workout.completed_at)}</span>
    </Link>
  );
});
