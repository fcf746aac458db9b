// What both workout forms share: the page with its way back, the class the result is logged
// for, the class's description, and the Save and Cancel buttons.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Session, WorkoutType } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { PageHeader } from '../../../ui/page-header/index';
import { Icon } from '../../../ui/icon/index';
import { DraftNotice } from './DraftNotice';
import type { DraftState } from './use-workout-draft';
import { TRAINING_PATH, workoutPath } from './paths';
import { Button, ButtonLink } from '../../../ui/button/index';

/** Back to the workout being edited, else to the class it is logged for, else to the log. */
export function formCancelPath(workout: { type: WorkoutType; id: number } | null, session: Session | null): string {
  return workout ? workoutPath(workout) : session ? `/classes/${session.id}/workouts` : TRAINING_PATH;
}

export function WorkoutFormFrame({ title, format, draftState, session, description, cancelTo, children }: {
  title: string;
  format: Formatter;
  draftState: DraftState['status'];
  session: Session | null;
  description: string | null;
  cancelTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('training');
  return (
    <section className="page page--narrow training" aria-labelledby="page-title">
      <PageHeader
        back={<ButtonLink variant="ghost" size="sm" to={cancelTo}><Icon name="chevron-left" />{t('common.back')}</ButtonLink>}
        title={<span id="page-title">{title}</span>}
      />
      <DraftNotice state={draftState} session={session} format={format} />
      {description && <p className="training__multiline training__description">{description}</p>}
      {children}
    </section>
  );
}

export function WorkoutFormActions({ saving, cancelTo }: { saving: boolean; cancelTo: string }) {
  const { t } = useTranslation('training');
  return (
    <div className="btn-row">
      <Button variant="primary" type="submit" disabled={saving} data-testid="save-workout">{saving ? t('common.saving') : t('common.save')}</Button>
      <ButtonLink variant="ghost" to={cancelTo}>{t('common.cancel')}</ButtonLink>
    </div>
  );
}
