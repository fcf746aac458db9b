// How a lift's sets read in one line ("5 × 5 @ 100 kg", "5 @ 100 kg, 3 @ 110 kg"), for the
// last-time card and the suggestion: runs of equal sets are counted once.
import type { TFunction } from 'i18next';
import type { LiftSet, Measurement, Movement } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { formatMeasurement } from './score-format';

/** The movement's first property is the one members compare (weight, height, distance). */
function shownValue(set: LiftSet, movement: Pick<Movement, 'properties'>): Measurement | undefined {
  const first = movement.properties[0];
  return first ? set.values[first.type] : undefined;
}

const same = (a: Measurement | undefined, b: Measurement | undefined) => a?.value === b?.value && a?.units === b?.units;

export function describeSets(sets: readonly LiftSet[], movement: Pick<Movement, 'properties'>, format: Formatter, t: TFunction<'training'>): string {
  const runs: { count: number; reps: number; value: Measurement | undefined }[] = [];
  for (const set of sets) {
    const value = shownValue(set, movement);
    const previous = runs[runs.length - 1];
    if (previous && previous.reps === set.repetitions && same(previous.value, value)) previous.count += 1;
    else runs.push({ count: 1, reps: set.repetitions, value });
  }
  return runs
    .map(({ count, reps, value }) => {
      const repsText = count > 1 ? t('training.plan.setsOfReps', { sets: format.number(count), reps: format.number(reps) }) : format.number(reps);
      return value ? t('training.plan.at', { reps: repsText, value: formatMeasurement(value, format) }) : repsText;
    })
    .join(', ');
}
