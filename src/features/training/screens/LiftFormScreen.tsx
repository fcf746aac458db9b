// /training/workouts/new/lift and /lift/:id/edit: a movement, its rep scheme (see docs/rules.md#training) and one
// row per set, with the load worked out as the member types. Saved on the device at once.
import { useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/page-title';
import type { LiftSet, LiftWorkout, Movement, MovementPropertyType, Session, Units } from '../../../../core/contract/types';
import { useFacility } from '../../../data/hooks/auth';
import { useSession } from '../../booking/public';
import { useMeasurementUnits } from '../../profile/public';
import { useMovements } from '../hooks';
import { parseRepScheme } from '../../../../core/rules/training/rep-scheme';
import { hasWeight, liftLoad, unitsByProperty } from '../../../../core/rules/training/lift';
import { useFormat } from '../../../i18n/useFormat';
import type { Formatter } from '../../../i18n/format';
import { Spinner } from '../../../ui/spinner/index';
import { FormField } from './FormField';
import { LiftSetRows } from './LiftSetRows';
import { WorkoutNotFound } from './WorkoutNotFound';
import { WorkoutFormActions, WorkoutFormFrame, formCancelPath } from './WorkoutFormFrame';
import { routeId, useRouteWorkout } from './use-route-workout';
import { FollowSyncedId } from './FollowSyncedId';
import { useSaveWorkout } from './use-save-workout';
import { useWorkoutDraft, type DraftState } from './use-workout-draft';
import {
  UNIT_CHOICES, emptyLiftValues, hasErrors, liftChanges, liftInput, liftValuesFromDraft, liftValuesFromWorkout, resizeSets, unitsFor,
  validateLift, withUnits, type LiftErrors, type LiftFormValues,
} from './lift-form';
import { formatMeasurement } from './score-format';
import { workoutEditPath } from './paths';
import { REP_SCHEME_MAX, WORKOUT_NOTES_MAX } from '../../../../core/limits';
import './training.css';

export default function LiftFormScreen() {
  return useParams().id === undefined ? <NewLift /> : <EditLift />;
}

/** The catalogue, plus a movement the workout names that the device has not listed yet. */
function useMovementChoices(extra: Movement | null | undefined): Movement[] | undefined {
  const movements = useMovements();
  return useMemo(() => {
    if (movements === undefined) return undefined;
    if (!extra || movements.some((m) => m.id === extra.id)) return movements;
    return [...movements, extra].sort((a, b) => a.name.localeCompare(b.name));
  }, [movements, extra]);
}

function NewLift() {
  const title = usePageTitle('titles.liftNew');
  const format = useFormat(useFacility()?.time_zone);
  const draft = useWorkoutDraft('lift');
  const ready = draft.status === 'ready' ? draft : null;
  const movements = useMovementChoices(ready?.definition.movement);
  const chosen = routeId(useSearchParams()[0].get('movement') ?? undefined);
  const preferred = useMeasurementUnits();
  if (draft.status === 'loading' || movements === undefined) return <Spinner block />;
  if (draft.status === 'otherType') return <Navigate to={draft.path} replace />;
  const units = unitsByProperty(preferred);
  let initial = ready ? liftValuesFromDraft(ready.draft, format.timeZone, units) : emptyLiftValues(new Date(), format.timeZone, units);
  const preset = !ready && chosen !== null ? movements.find((m) => m.id === chosen) : undefined;
  if (preset) initial = { ...initial, movementId: preset.id, name: preset.name };
  return (
    <LiftForm
      key={`${ready ? `draft-${ready.definition.id}-${ready.session.id}` : `new-${preset?.id ?? ''}`}|${format.timeZone}|${preferred.weight}-${preferred.length}`}
      title={title}
      format={format}
      movements={movements}
      initial={initial}
      movementLocked={Boolean(ready?.definition.movement)}
      link={{ session_id: ready?.draft.session_id ?? null, workout_definition_id: ready?.draft.workout_definition_id ?? null }}
      draftState={draft.status}
      session={ready?.session ?? null}
      description={ready?.definition.description ?? null}
    />
  );
}

function EditLift() {
  const title = usePageTitle('titles.liftWorkoutEdit');
  const format = useFormat(useFacility()?.time_zone);
  const route = useRouteWorkout('lift');
  const workout = route.status === 'ready' && route.workout.type === 'lift' ? route.workout : null;
  const movements = useMovementChoices(workout?.movement);
  const session = useSession(workout?.session_id ?? null);
  const preferred = useMeasurementUnits();
  if (route.status === 'loading') return <Spinner block />;
  if (route.status === 'missing') return <WorkoutNotFound title={title} />;
  if (route.status === 'moved' || !workout) return <FollowSyncedId to={workoutEditPath(route.workout)} />;
  if (movements === undefined) return <Spinner block />;
  return (
    <LiftForm
      key={`${workout.id}|${format.timeZone}`}
      title={title}
      format={format}
      movements={movements}
      initial={liftValuesFromWorkout(workout, format.timeZone, unitsByProperty(preferred))}
      movementLocked={workout.workout_definition_id !== null}
      link={{ session_id: workout.session_id, workout_definition_id: workout.workout_definition_id }}
      draftState="none"
      session={session ?? null}
      description={null}
      workout={workout}
    />
  );
}

interface LiftFormProps {
  title: string;
  format: Formatter;
  movements: Movement[];
  initial: LiftFormValues;
  /** A class's workout decides the movement. */
  movementLocked: boolean;
  link: { session_id: number | null; workout_definition_id: number | null };
  draftState: DraftState['status'];
  session: Session | null;
  description: string | null;
  workout?: LiftWorkout;
}

function LiftForm({ title, format, movements, initial, movementLocked, link, draftState, session, description, workout }: LiftFormProps) {
  const { t } = useTranslation('training');
  const [values, setValues] = useState<LiftFormValues>(initial);
  const zone = format.timeZone;
  const { checked, saving, submit } = useSaveWorkout(workout ?? null, 'lift', {
    invalid: () => hasErrors(validateLift(values, zone)),
    changes: () => liftChanges(values, initial.completedAt, zone),
    input: () => liftInput(values, zone, link),
  });
  const movement = movements.find((m) => m.id === values.movementId);
  const schemeInvalid = values.repScheme.trim() !== '' && parseRepScheme(values.repScheme).length === 0;

  const errors: LiftErrors = checked ? validateLift(values, zone) : {};
  const update = (next: LiftFormValues) => setValues(next);
  const typedSets = useRef<LiftSet[]>([]);

  const chooseMovement = (id: number | null) => {
    const next = movements.find((m) => m.id === id);
    // The name follows the movement until the member writes their own.
    const named = values.name.trim() === '' || values.name === movement?.name;
    update({ ...values, movementId: next?.id ?? null, name: named ? (next?.name ?? '') : values.name, sets: resizeSets(values, next) });
  };
  // While the scheme is half typed ("5x") there are no sets; the last typed ones come back after.
  const setScheme = (repScheme: string) => {
    if (values.sets.length > 0) typedSets.current = values.sets;
    update({ ...values, repScheme, sets: resizeSets({ ...values, repScheme, sets: typedSets.current }, movement) });
  };
  const setUnits = (property: MovementPropertyType, units: Units) =>
    update({ ...values, units: { ...values.units, [property]: units }, sets: withUnits(values.sets, property, units) });
  const setReps = (index: number, repetitions: number) =>
    setValues((v) => ({ ...v, sets: v.sets.map((set, i) => (i === index ? { ...set, repetitions } : set)) }));
  const setValue = (index: number, property: MovementPropertyType, value: number) =>
    setValues((v) => ({
      ...v,
      sets: v.sets.map((set, i) => (i === index ? { ...set, values: { ...set.values, [property]: { value, units: unitsFor(v.units, property) } } } : set)),
    }));

  const weighted = movement ? hasWeight(movement) : false;
  const allWeightsTyped = values.sets.every((set) => !set.values.weight || Number.isFinite(set.values.weight.value));
  const load = movement && weighted && allWeightsTyped && values.sets.every((s) => Number.isFinite(s.repetitions)) ? liftLoad(values.sets, movement) : null;

  const cancelTo = formCancelPath(workout ?? null, session);
  return (
    <WorkoutFormFrame title={title} format={format} draftState={draftState} session={session} description={description} cancelTo={cancelTo}>
      <form className="form card" onSubmit={submit} noValidate data-testid="lift-form">
        <FormField id="lift-movement" label={t('training.movement')} error={errors.movement}
          hint={movementLocked ? t('training.movementLocked') : movements.length === 0 ? t('training.noMovements') : undefined}>
          {(aria) => (
            <select {...aria} value={values.movementId ?? ''} disabled={movementLocked} required data-testid="lift-movement"
              onChange={(e) => chooseMovement(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t('training.chooseMovement')}</option>
              {movements.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
          )}
        </FormField>
        <FormField id="lift-name" label={t('training.name')} error={errors.name}>
          {(aria) => <input {...aria} type="text" value={values.name} onChange={(e) => update({ ...values, name: e.target.value })} required autoComplete="off" />}
        </FormField>
        <FormField id="lift-completed" label={t('training.completedAt')} error={errors.completedAt}>
          {(aria) => <input {...aria} type="datetime-local" value={values.completedAt} onChange={(e) => update({ ...values, completedAt: e.target.value })} required />}
        </FormField>
        <FormField id="lift-scheme" label={t('training.repScheme')} hint={t('training.repSchemeHint')}
          error={errors.repScheme ?? (schemeInvalid ? 'training.errors.repSchemeInvalid' : undefined)}>
          {(aria) => <input {...aria} type="text" value={values.repScheme} onChange={(e) => setScheme(e.target.value)} required autoComplete="off" placeholder="5x5" maxLength={REP_SCHEME_MAX} data-testid="lift-scheme" />}
        </FormField>

        {movement && movement.properties.length > 0 && (
          <div className="training__units">
            {movement.properties.map(({ type }) => (
              <div key={type} className="field">
                <label className="field__label" htmlFor={`lift-units-${type}`}>{t('training.unitsOf', { property: t(`training.properties.${type}`) })}</label>
                <select id={`lift-units-${type}`} value={unitsFor(values.units, type)} onChange={(e) => setUnits(type, e.target.value as Units)} data-testid={`lift-units-${type}`}>
                  {UNIT_CHOICES[type].map((u) => <option key={u} value={u}>{t(`training.unitNames.${u}`)}</option>)}
                </select>
              </div>
            ))}
          </div>
        )}

        {movement && values.sets.length > 0 && (
          <LiftSetRows sets={values.sets} movement={movement} units={values.units} errors={errors.sets} onReps={setReps} onValue={setValue} />
        )}
        {!movement && <p className="field__hint">{t('training.chooseMovementFirst')}</p>}

        {weighted && (
          <p className="training__load-total" aria-live="polite">
            <span>{t('training.load')}</span>
            <strong data-testid="lift-load">{load ? formatMeasurement(load, format) : '–'}</strong>
          </p>
        )}

        <FormField id="lift-notes" label={t('training.notes')}>
          {(aria) => <textarea {...aria} value={values.notes} onChange={(e) => update({ ...values, notes: e.target.value })} rows={3} maxLength={WORKOUT_NOTES_MAX} />}
        </FormField>
        <WorkoutFormActions saving={saving} cancelTo={cancelTo} />
      </form>
    </WorkoutFormFrame>
  );
}
