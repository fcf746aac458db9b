import { useTranslation } from '../../../i18n/use-translation';
import type { LiftSet, Movement } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import { formatMeasurement } from './score-format';

/** A logged lift's sets: reps and one column per movement property (weight, height, distance). */
export function SetsTable({ sets, movement, format }: { sets: readonly LiftSet[]; movement: Movement; format: Formatter }) {
  const { t } = useTranslation('training');
  const properties = movement.properties.map((p) => p.type);
  return (
    <table className="training-table" data-testid="lift-sets">
      <caption className="visually-hidden">{t('training.setsCaption', { name: movement.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('training.set')}</th>
          <th scope="col">{t('training.reps')}</th>
          {properties.map((type) => <th key={type} scope="col">{t(`training.properties.${type}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {sets.map((set) => (
          <tr key={set.position}>
            <th scope="row">{format.number(set.position)}</th>
            <td className="tabular">{format.number(set.repetitions)}</td>
            {properties.map((type) => {
              const measurement = set.values[type];
              return <td key={type} className="tabular">{measurement ? formatMeasurement(measurement, format) : '–'}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
