// /training/workouts/new/lift and /lift/:id/edit: a movement, its rep scheme (see docs/rules.md#training) and one
// row per set, with the load worked out as the member types. Saved on the device at once.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import type { LiftSet, LiftWorkout, Measurement, Movement, MovementPropertyType, Session, Units, WeightUnits } from '../../../../core/contract/types';
import { useFacility } from '../../../data/hooks/auth';
import { useSession } from '../../booking/public';
import { useMeasurementUnits } from '../../profile/public';
import { useLiftDetail, useMovements, useRefreshTraining } from '../hooks';
import { parseRepScheme, repSchemePercent } from '../../../../core/rules/training/rep-scheme';
import { hasWeight, inWeightUnits, liftLoad, unitsByProperty, weightUnitsOf } from '../../../../core/rules/training/lift';
import { newRecord, percentWeight, withWeight, type LiftPlan, type LiftRecord } from '../../../../core/rules/training/lift-plan';
import type { TFunction } from 'i18next';
import { useFormat } from '../../../i18n/useFormat';
import type { Formatter } from '../../../i18n/format';
import { Spinner } from '../../../ui/spinner/index';
import { Button } from '../../../ui/button/index';
import { FormField } from './FormField';
import { LiftSetRows } from './LiftSetRows';
import { RestTimerBar } from './RestTimerBar';
import { unlockRestAlarm } from './rest-alarm';
import { startRestTimer } from '../rest-timer';
import { WorkoutNotFound } from './WorkoutNotFound';
import { WorkoutFormActions, WorkoutFormFrame, formCancelPath } from './WorkoutFormFrame';
import { routeId, useRouteWorkout } from './use-route-workout';
import { FollowSyncedId } from './FollowSyncedId';
import { LastTimeCard } from './LastTimeCard';
import { PlatesDialog } from './PlatesDialog';
import { recordNotice } from './record-notice';
import { useSaveWorkout } from './use-save-workout';
import { useWorkoutDraft, type DraftState } from './use-workout-draft';
import {
  UNIT_CHOICES, emptyLiftValues, hasErrors, liftChanges, liftInput, liftValuesFromDraft, liftValuesFromWorkout, resizeSets, unitsFor,
  unitsOfSets, validateLift, withUnits, type LiftErrors, type LiftFormValues,
} from './lift-form';
import { formatMeasurement } from './score-format';
import { barLoading } from './studio-plates';
import { workoutEditPath } from './paths';
import { REP_SCHEME_MAX, WORKOUT_NOTES_MAX } from '../../../../core/limits';
import './training.css';

export default function LiftFormScreen() {
  // Opened straight from a link on a fresh device, the form needs the movements and last time.
  useRefreshTraining();
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

/** "New record: 3 × 110 kg" or "New record: estimated 1RM 125 kg". */
function recordText(record: LiftRecord, format: Formatter, t: TFunction<'training'>): string {
  const weight = formatMeasurement(record.weight, format);
  return record.kind === 'repMax'
    ? t('training.plan.newRepRecord', { reps: format.number(record.repetitions), weight })
    : t('training.plan.newEstimateRecord', { weight });
}

/** "80% of your estimated 1RM (116.7 kg) is 93 kg.", and how it was rounded when the studio lists its plates. */
function percentText(max: Measurement, percent: number, loading: ReturnType<typeof barLoading>, format: Formatter, t: TFunction<'training'>): string {
  const weight = percentWeight(max, percent, loading);
  const sentence = t('training.plan.percentOf', { percent: format.number(percent), max: formatMeasurement(max, format), weight: formatMeasurement(weight, format) });
  if (!loading.listed || weight.value < loading.bar) return sentence;
  return `${sentence} ${t('training.plan.roundedToPlates', { bar: formatMeasurement({ value: loading.bar, units: weight.units }, format) })}`;
}

function LiftForm({ title, format, movements, initial, movementLocked, link, draftState, session, description, workout }: LiftFormProps) {
  const { t } = useTranslation('training');
  const [values, setValues] = useState<LiftFormValues>(initial);
  const zone = format.timeZone;
  const facility = useFacility();
  // Percentages round to what the studio's plates load on the member's bar, in the max's units.
  const loadingFor = (max: Measurement) => barLoading(facility, weightUnitsOf(max));
  const movement = movements.find((m) => m.id === values.movementId);
  const weightUnits = unitsFor(values.units, 'weight') as WeightUnits;
  // The member's earlier lifts of the movement (on the device); an edited lift is not its own history.
  const detail = useLiftDetail(values.movementId, { without: workout?.id, weightUnits });
  const earlier = useMemo(() => detail?.history ?? [], [detail]);
  const oneRepMax = detail?.estimated_one_rep_max ?? null;
  const { checked, saving, submit } = useSaveWorkout(workout ?? null, 'lift', {
    invalid: () => hasErrors(validateLift(values, zone)),
    changes: () => liftChanges(values, initial.completedAt, zone),
    input: () => liftInput(values, zone, link),
    saved: () => {
      const record = movement ? newRecord(movement, earlier, values.sets, weightUnits) : null;
      recordNotice.clear();
      return record ? () => recordNotice.announce(recordText(record, format, t)) : undefined;
    },
  });
  const schemeInvalid = values.repScheme.trim() !== '' && parseRepScheme(values.repScheme).length === 0;
  const percent = repSchemePercent(values.repScheme);

  const errors: LiftErrors = checked ? validateLift(values, zone) : {};
  const update = (next: LiftFormValues) => setValues(next);
  const typedSets = useRef<LiftSet[]>([]);
  /** The plate calculator: a set's index, -1 for any weight the member types, null when closed. */
  const [platesFor, setPlatesFor] = useState<number | null>(null);

  // A scheme "5x3 @ 80%" weighs every set at that share of the estimated one-rep max (still editable).
  const percentSets = (sets: LiftSet[], repScheme: string, max: Measurement | null): LiftSet[] => {
    const share = repSchemePercent(repScheme);
    return share !== null && max ? withWeight(sets, percentWeight(max, share, loadingFor(max))) : sets;
  };

  const chooseMovement = (id: number | null) => {
    const next = movements.find((m) => m.id === id);
    // The name follows the movement until the member writes their own.
    const named = values.name.trim() === '' || values.name === movement?.name;
    update({ ...values, movementId: next?.id ?? null, name: named ? (next?.name ?? '') : values.name, sets: resizeSets(values, next) });
  };
  // While the scheme is half typed ("5x") there are no sets; the last typed ones come back after.
  const setScheme = (repScheme: string) => {
    if (values.sets.length > 0) typedSets.current = values.sets;
    const sets = resizeSets({ ...values, repScheme, sets: typedSets.current }, movement);
    update({ ...values, repScheme, sets: percentSets(sets, repScheme, oneRepMax) });
  };
  const setUnits = (property: MovementPropertyType, units: Units) => {
    const sets = withUnits(values.sets, property, units);
    // The one-rep max in the new units refills a percentage scheme's weights.
    const max = property === 'weight' && oneRepMax ? inWeightUnits(oneRepMax, units as WeightUnits) : null;
    update({ ...values, units: { ...values.units, [property]: units }, sets: property === 'weight' ? percentSets(sets, values.repScheme, max) : sets });
  };
  const applyPlan = (plan: LiftPlan) => {
    if (!movement) return;
    const sets = plan.sets.map((set, index) => ({ ...set, position: index + 1, movement_id: movement.id }));
    typedSets.current = sets;
    update({ ...values, repScheme: plan.repScheme, sets, units: { ...values.units, ...unitsOfSets(sets) } });
  };
  const setReps = (index: number, repetitions: number) =>
    setValues((v) => ({ ...v, sets: v.sets.map((set, i) => (i === index ? { ...set, repetitions } : set)) }));
  const setValue = (index: number, property: MovementPropertyType, value: number) =>
    setValues((v) => ({
      ...v,
      sets: v.sets.map((set, i) => (i === index ? { ...set, values: { ...set.values, [property]: { value, units: unitsFor(v.units, property) } } } : set)),
    }));

  // Ticking a set done starts the rest with the movement's preset; the ticks live on this screen only.
  const [done, setDone] = useState<boolean[]>([]);
  const restMovement = useRef(movement);
  restMovement.current = movement;
  const onDone = useCallback((index: number, isDone: boolean) => {
    setDone((ticks) => Object.assign([...ticks], { [index]: isDone }));
    const current = restMovement.current;
    if (!isDone || !current) return;
    // Within the tap: browsers let the end's beeps play only after one.
    unlockRestAlarm();
    void startRestTimer(current);
  }, []);

  const weighted = movement ? hasWeight(movement) : false;
  const allWeightsTyped = values.sets.every((set) => !set.values.weight || Number.isFinite(set.values.weight.value));
  const load = movement && weighted && allWeightsTyped && values.sets.every((s) => Number.isFinite(s.repetitions)) ? liftLoad(values.sets, movement) : null;
  const [last] = earlier;
  const platesWeight = platesFor === null ? Number.NaN : (values.sets[platesFor]?.values.weight?.value ?? Number.NaN);

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
        {!workout && movement && last && <LastTimeCard last={last} format={format} onApply={applyPlan} />}
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
        {weighted && percent !== null && (
          <p className="field__hint" aria-live="polite" data-testid="lift-percent">
            {oneRepMax ? percentText(oneRepMax, percent, loadingFor(oneRepMax), format, t) : t('training.plan.percentNeedsMax')}
          </p>
        )}

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
          <LiftSetRows sets={values.sets} movement={movement} units={values.units} errors={errors.sets} onReps={setReps} onValue={setValue} done={done} onDone={onDone} onPlates={weighted ? setPlatesFor : undefined} />
        )}
        <RestTimerBar movement={movement} />
        {!movement && <p className="field__hint">{t('training.chooseMovementFirst')}</p>}

        {weighted && (
          <p className="training__load-total" aria-live="polite">
            <span>{t('training.load')}</span>
            <strong data-testid="lift-load">{load ? formatMeasurement(load, format) : '–'}</strong>
          </p>
        )}
        {weighted && (
          <div>
            <Button size="sm" icon="dumbbell" onClick={() => setPlatesFor(-1)} data-testid="plate-calculator">{t('training.plates.calculator')}</Button>
          </div>
        )}
        {platesFor !== null && (
          <PlatesDialog open onClose={() => setPlatesFor(null)} weight={platesWeight} units={weightUnits} format={format} />
        )}

        <FormField id="lift-notes" label={t('training.notes')}>
          {(aria) => <textarea {...aria} value={values.notes} onChange={(e) => update({ ...values, notes: e.target.value })} rows={3} maxLength={WORKOUT_NOTES_MAX} />}
        </FormField>
        <WorkoutFormActions saving={saving} cancelTo={cancelTo} />
      </form>
    </WorkoutFormFrame>
  );
}
