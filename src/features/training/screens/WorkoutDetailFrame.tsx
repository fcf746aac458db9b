// What both workout detail screens share: title and date, sync state, the class it was logged
// for, notes, and the Edit and Delete actions.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { Workout } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { useIsPending } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { useRefreshSession, useSession } from '../../booking/public';
import { PageHeader } from '../../../ui/page-header/index';
import { Icon } from '../../../ui/icon/index';
import { WaitingToSync } from '../../../ui/chip/index';
import { useDeleteWorkout } from './use-delete-workout';
import { TRAINING_PATH, workoutEditPath } from './paths';
import { Button, ButtonLink } from '../../../ui/button/index';

export function WorkoutDetailFrame({ workout, format, badges, children }: { workout: Workout; format: Formatter; badges?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('training');
  const pending = useIsPending(touchKey('workouts', workout.id));
  const remove = useDeleteWorkout();
  return (
    <section className="page training" aria-labelledby="page-title" data-testid="workout-detail" data-workout-id={workout.id}>
      <PageHeader
        back={<ButtonLink variant="ghost" size="sm" to={TRAINING_PATH}><Icon name="chevron-left" />{t('training.backToLog')}</ButtonLink>}
        title={<span id="page-title" data-testid="workout-name">{workout.name}</span>}
        subtitle={format.dateTime(workout.completed_at)}
        actions={
          <>
            <ButtonLink to={workoutEditPath(workout)} data-testid="edit-workout">{t('common.edit')}</ButtonLink>
            <Button variant="danger" onClick={() => void remove(workout)} data-testid="delete-workout">{t('training.delete')}</Button>
          </>
        }
      />
      {(pending || badges) && (
        <p className="status-badges training__badges">
          {badges}
          {pending && <WaitingToSync />}
        </p>
      )}
      {children}
      {workout.session_id !== null && <ClassLink sessionId={workout.session_id} format={format} />}
      {workout.notes && (
        <div className="card training__notes">
          <h2 className="card__title">{t('training.notes')}</h2>
          <p className="training__multiline" data-testid="workout-notes">{workout.notes}</p>
        </div>
      )}
    </section>
  );
}

function ClassLink({ sessionId, format }: { sessionId: number; format: Formatter }) {
  const { t } = useTranslation('training');
  const session = useSession(sessionId);
  useRefreshSession(sessionId);
  return (
    <p className="training__class">
      <Icon name="calendar" />{' '}
      <Link to={`/classes/${sessionId}`} data-testid="workout-class">
        {session ? t('training.forClass', { name: session.name, date: format.weekdayDate(session.start_date) }) : t('training.openClass')}
      </Link>
    </p>
  );
}
