// One row per set of the rep scheme: its reps and a value per movement property, each input
// labelled within its set ("Set 2", "Weight (kg)"), and a "done" tick that starts the rest timer.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiftSet, Movement, MovementPropertyType } from '../../../../core/contract/types';
import { FormField } from './FormField';
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
  return (
    <ol className="set-rows" data-testid="set-rows">
      {sets.map((set, index) => (
        <li key={index} className="set-row" data-testid="set-row">
          <fieldset className="set-row__fields">
            <legend className="set-row__legend">{t('training.setNumber', { number: index + 1 })}</legend>
            <FormField className="set-row__field" id={`set-${index}-reps`} label={t('training.reps')} error={errors[`${index}.repetitions`]}>
              {(aria) => <NumberInput {...aria} whole value={set.repetitions} onValue={(n) => onReps(index, n)} data-testid="set-reps" />}
            </FormField>
            {movement.properties.map(({ type }) => (
              <FormField key={type} className="set-row__field" id={`set-${index}-${type}`} error={errors[`${index}.${type}`]}
                label={t('training.valueIn', { property: t(`training.properties.${type}`), units: t(`training.unitShort.${unitsFor(units, type)}`) })}>
                {(aria) => <NumberInput {...aria} value={set.values[type]?.value ?? Number.NaN} onValue={(n) => onValue(index, type, n)} data-testid={`set-${type}`} />}
              </FormField>
            ))}
            {onPlates && (set.values.weight?.value ?? 0) > 0 && (
              <Button size="sm" variant="ghost" className="set-row__plates" onClick={() => onPlates(index)} data-testid="set-plates"
                aria-label={t('training.plates.forSet', { number: index + 1 })}>
                {t('training.plates.button')}
              </Button>
            )}
            <label className="check set-row__done">
              <input type="checkbox" checked={done[index] === true} onChange={(e) => onDone(index, e.target.checked)} data-testid="set-done" />
              <span className="visually-hidden">{t('training.rest.setDone', { number: index + 1 })}</span>
              <span aria-hidden="true">{t('training.rest.done')}</span>
            </label>
          </fieldset>
        </li>
      ))}
    </ol>
  );
});
