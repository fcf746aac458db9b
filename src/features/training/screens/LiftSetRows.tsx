// One compact row per set of the rep scheme, so five sets fit a phone's screen: the set's number,
// its reps and a value per movement property, a "done" tick that starts the rest timer and the
// plates for its weight. The column heads are for the eye; each set is a group ("Set 2") whose
// inputs carry their own labels ("Reps", "Weight (kg)"), so a screen reader hears both.
import { memo, type CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { LiftSet, Movement, MovementPropertyType } from '../../../../core/contract/types';
import { hasWeight } from '../../../../core/rules/training/lift';
import { NumberInput } from './NumberInput';
import { Button } from '../../../ui/button/index';
import { unitsFor, type UnitsByProperty } from './lift-form';
import type { ParseKeys } from 'i18next';

export interface SetRowsProps {
  sets: readonly LiftSet[];
  movement: Movement;
  units: UnitsByProperty;
  /** Translation keys per `${index}.repetitions` / `${index}.${property}`. */
  errors?: Record<string, ParseKeys<'training'>>;
  onReps: (index: number, repetitions: number) => void;
  onValue: (index: number, property: MovementPropertyType, value: number) => void;
  /** Which sets the member ticked done on this screen (not saved with the workout). */
  done: readonly boolean[];
  onDone: (index: number, done: boolean) => void;
  /** Opens the plate calculator for a set that carries a weight. */
  onPlates?: (index: number) => void;
}

export const LiftSetRows = memo(function LiftSetRows({ sets, movement, units, errors = {}, onReps, onValue, done, onDone, onPlates }: SetRowsProps) {
  const { t } = useTranslation('training');
  const properties = movement.properties.map(({ type }) => type);
  const plates = onPlates !== undefined && hasWeight(movement);
  const label = (type: MovementPropertyType) => t('training.valueIn', { property: t(`training.properties.${type}`), units: t(`training.unitShort.${unitsFor(units, type)}`) });
  // Number, reps (three digits at most), one column per property, the tick, and the plates when the
  // movement has a weight; the head and every row share the columns.
  const columns = ['1.25rem', 'minmax(2.75rem, 0.7fr)', ...properties.map(() => 'minmax(0, 1fr)'), 'var(--touch-target)', ...(plates ? ['var(--touch-target)'] : [])];
  return (
    <div className="set-table" style={{ '--set-columns': columns.join(' ') } as CSSProperties} data-testid="set-rows">
      <div className="set-table__head" aria-hidden="true">
        <span />
        <span>{t('training.reps')}</span>
        {properties.map((type) => <span key={type}>{t(`training.unitShort.${unitsFor(units, type)}`)}</span>)}
        <span>✓</span>
        {plates && <span />}
      </div>
      <ol className="set-rows">
        {sets.map((set, index) => {
          const fieldError = (key: string) => errors[`${index}.${key}`];
          const problems = ['repetitions', ...properties].flatMap((key) => {
            const error = fieldError(key);
            return error ? [{ key, id: `set-${index}-${key}-error`, text: t(error) }] : [];
          });
          const aria = (key: string) => {
            const error = problems.find((p) => p.key === key);
            return { id: `set-${index}-${key}`, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': error?.id };
          };
          const weight = set.values.weight?.value ?? 0;
          return (
            <li key={index} className="set-row" data-testid="set-row">
              <fieldset className="set-row__fields">
                <legend className="visually-hidden">{t('training.setNumber', { number: index + 1 })}</legend>
                <span className="set-row__number" aria-hidden="true">{index + 1}</span>
                <label className="visually-hidden" htmlFor={`set-${index}-repetitions`}>{t('training.reps')}</label>
                <NumberInput {...aria('repetitions')} className="input set-row__input" whole value={set.repetitions} onValue={(n) => onReps(index, n)} data-testid="set-reps" />
                {properties.map((type) => (
                  <span key={type} className="set-row__value">
                    <label className="visually-hidden" htmlFor={`set-${index}-${type}`}>{label(type)}</label>
                    <NumberInput {...aria(type)} className="input set-row__input" value={set.values[type]?.value ?? Number.NaN} onValue={(n) => onValue(index, type, n)} data-testid={`set-${type}`} />
                  </span>
                ))}
                <label className="check set-row__done">
                  <input type="checkbox" checked={done[index] === true} onChange={(e) => onDone(index, e.target.checked)} data-testid="set-done" />
                  <span className="visually-hidden">{t('training.rest.setDone', { number: index + 1 })}</span>
                </label>
                {plates && (weight > 0
                  ? <Button size="sm" variant="ghost" iconOnly icon="dumbbell" className="set-row__plates" onClick={() => onPlates(index)} data-testid="set-plates"
                      aria-label={t('training.plates.forSet', { number: index + 1 })} title={t('training.plates.button')} />
                  : <span className="set-row__plates" />)}
                {problems.map((problem) => <p key={problem.key} id={problem.id} className="field__error set-row__error">{problem.text}</p>)}
              </fieldset>
            </li>
          );
        })}
      </ol>
    </div>
  );
});
