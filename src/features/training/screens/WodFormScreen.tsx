// /training/workouts/new/wod and /wod/:id/edit: a WOD with the score its scoring type needs
// (see docs/rules.md#training). Saved on the device at once; the outbox sends it when the studio can be reached.
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import type { ScoringType, Session, WodWorkout } from '../../../../core/contract/types';
import { useFacility } from '../../../data/hooks/auth';
import { useSession } from '../../booking/public';
import { useMeasurementUnits } from '../../profile/public';
import { SCORING_TYPES } from '../../../../core/rules/training/scoring';
import { useFormat } from '../../../i18n/useFormat';
import type { Formatter } from '../../../i18n/format';
import { Spinner } from '../../../ui/spinner/index';
import { FormField } from './FormField';
import { WodScoreInputs } from './WodScoreInputs';
import { WorkoutNotFound } from './WorkoutNotFound';
import { WorkoutFormActions, WorkoutFormFrame, formCancelPath } from './WorkoutFormFrame';
import { useRouteWorkout } from './use-route-workout';
import { FollowSyncedId } from './FollowSyncedId';
import { useSaveWorkout } from './use-save-workout';
import { useWorkoutDraft, type DraftState } from './use-workout-draft';
import {
  emptyWodValues, validateWod, wodChanges, wodInput, wodValuesFromDraft, wodValuesFromWorkout, type WodErrors, type WodFormValues,
} from './wod-form';
import { workoutEditPath } from './paths';
import { WORKOUT_NOTES_MAX } from '../../../../core/limits';
import './training.css';

export default function WodFormScreen() {
  return useParams().id === undefined ? <NewWod /> : <EditWod />;
}

function NewWod() {
  const title = usePageTitle('titles.wodNew');
  const format = useFormat(useFacility()?.time_zone);
  const draft = useWorkoutDraft('wod');
  const { weight } = useMeasurementUnits();
  if (draft.status === 'loading') return <Spinner block />;
  if (draft.status === 'otherType') return <Navigate to={draft.path} replace />;
  const ready = draft.status === 'ready' ? draft : null;
  return (
    <WodForm
      key={`${ready ? `draft-${ready.definition.id}-${ready.session.id}` : 'new'}|${format.timeZone}|${weight}`}
      title={title}
      format={format}
      initial={ready ? wodValuesFromDraft(ready.draft, format.timeZone, weight) : emptyWodValues(new Date(), format.timeZone, weight)}
      lockedScoring={ready?.definition.scoring ?? null}
      link={{ session_id: ready?.draft.session_id ?? null, workout_definition_id: ready?.draft.workout_definition_id ?? null }}
      draftState={draft.status}
      session={ready?.session ?? null}
      description={ready?.definition.description ?? null}
    />
  );
}

function EditWod() {
  const title = usePageTitle('titles.wodEdit');
  const format = useFormat(useFacility()?.time_zone);
  const route = useRouteWorkout('wod');
  const workout = route.status === 'ready' && route.workout.type === 'wod' ? route.workout : null;
  const session = useSession(workout?.session_id ?? null);
  const { weight } = useMeasurementUnits();
  if (route.status === 'loading') return <Spinner block />;
  if (route.status === 'missing') return <WorkoutNotFound title={title} />;
  if (route.status === 'moved' || !workout) return <FollowSyncedId to={workoutEditPath(route.workout)} />;
  return (
    <WodForm
      key={`${workout.id}|${format.timeZone}`}
      title={title}
      format={format}
      initial={wodValuesFromWorkout(workout, format.timeZone, weight)}
      lockedScoring={workout.workout_definition_id !== null ? workout.scoring : null}
      link={{ session_id: workout.session_id, workout_definition_id: workout.workout_definition_id }}
      draftState="none"
      session={session ?? null}
      description={null}
      workout={workout}
    />
  );
}

interface WodFormProps {
  title: string;
  format: Formatter;
  initial: WodFormValues;
  /** A class's workout decides how it is scored. */
  lockedScoring: ScoringType | null;
  link: { session_id: number | null; workout_definition_id: number | null };
  draftState: DraftState['status'];
  session: Session | null;
  description: string | null;
  /** Set when editing. */
  workout?: WodWorkout;
}

function WodForm({ title, format, initial, lockedScoring, link, draftState, session, description, workout }: WodFormProps) {
  const { t } = useTranslation('training');
  const [values, setValues] = useState<WodFormValues>(() => (lockedScoring ? { ...initial, scoring: lockedScoring } : initial));
  const zone = format.timeZone;
  const { checked, saving, submit } = useSaveWorkout(workout ?? null, 'wod', {
    invalid: () => Object.keys(validateWod(values, zone)).length > 0,
    changes: () => wodChanges(values, initial.completedAt, zone),
    input: () => wodInput(values, zone, link),
  });

  const errors: WodErrors = checked ? validateWod(values, zone) : {};
  const update = (changes: Partial<WodFormValues>) => setValues((v) => ({ ...v, ...changes }));

  const cancelTo = formCancelPath(workout ?? null, session);
  return (
    <WorkoutFormFrame title={title} format={format} draftState={draftState} session={session} description={description} cancelTo={cancelTo}>
      <form className="form card" onSubmit={submit} noValidate data-testid="wod-form">
        <FormField id="wod-name" label={t('training.name')} error={errors.name}>
          {(aria) => <input {...aria} type="text" value={values.name} onChange={(e) => update({ name: e.target.value })} required autoComplete="off" />}
        </FormField>
        <FormField id="wod-completed" label={t('training.completedAt')} error={errors.completedAt}>
          {(aria) => <input {...aria} type="datetime-local" value={values.completedAt} onChange={(e) => update({ completedAt: e.target.value })} required />}
        </FormField>
        <FormField id="wod-scoring" label={t('training.scoring')} hint={lockedScoring ? t('training.scoringLocked') : undefined}>
          {(aria) => (
            <select {...aria} value={values.scoring} disabled={lockedScoring !== null} onChange={(e) => update({ scoring: e.target.value as ScoringType })} data-testid="wod-scoring">
              {SCORING_TYPES.map((type) => <option key={type} value={type}>{t(`training.scoringTypes.${type}`)}</option>)}
            </select>
          )}
        </FormField>
        <WodScoreInputs values={values} errors={errors} onChange={update} />
        <div className="field field--check">
          <input id="wod-rx" type="checkbox" checked={values.asPrescribed} onChange={(e) => update({ asPrescribed: e.target.checked })} aria-describedby="wod-rx-hint" />
          <label htmlFor="wod-rx">{t('training.asPrescribed')}</label>
          <p id="wod-rx-hint" className="field__hint">{t('training.asPrescribedHint')}</p>
        </div>
        <FormField id="wod-notes" label={t('training.notes')}>
          {(aria) => <textarea {...aria} value={values.notes} onChange={(e) => update({ notes: e.target.value })} rows={3} maxLength={WORKOUT_NOTES_MAX} />}
        </FormField>
        <WorkoutFormActions saving={saving} cancelTo={cancelTo} />
      </form>
    </WorkoutFormFrame>
  );
}
