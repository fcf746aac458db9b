// The plate calculator: plates per side of the bar for a weight, from the studio's plates (or
// standard sets when it lists none). The bar the member chose is remembered on the device.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { WeightUnits } from '../../../../core/contract/types';
import { BARS, platesPerSide } from '../../../../core/rules/training/plates';
import { useFacility } from '../../../data/hooks/auth';
import type { Formatter } from '../../../i18n/format';
import { Modal } from '../../../ui/modal/index';
import { Segmented } from '../../../ui/segmented/index';
import { Button } from '../../../ui/button/index';
import { FormField } from './FormField';
import { NumberInput } from './NumberInput';
import { formatMeasurement } from './score-format';
import { remember, rememberBar, rememberedBar, stored, studioPlates } from './studio-plates';

const UNITS_KEY = 'training.plates.units';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The weight to load; NaN lets the member type one. */
  weight: number;
  /** The lift form's units; without them the member chooses (remembered on the device). */
  units?: WeightUnits;
  format: Formatter;
}

export function PlatesDialog({ open, onClose, weight: initial, units: given, format }: Props) {
  const { t } = useTranslation('training');
  const facility = useFacility();
  const [weight, setWeight] = useState(initial);
  const [chosenUnits, setChosenUnits] = useState<WeightUnits>(() => (stored(UNITS_KEY) === 'pounds' ? 'pounds' : 'kilograms'));
  const units = given ?? chosenUnits;
  const [bars, setBars] = useState(() => ({ kilograms: rememberedBar('kilograms'), pounds: rememberedBar('pounds') }));
  const bar = bars[units];
  const { plates, listed } = studioPlates(facility, units);
  const measure = (value: number) => formatMeasurement({ value, units }, format);
  const load = Number.isFinite(weight) && weight > 0 ? platesPerSide(weight, bar, plates) : null;
  const chooseBar = (value: string) => {
    setBars({ ...bars, [units]: Number(value) });
    rememberBar(units, Number(value));
  };
  const chooseUnits = (value: WeightUnits) => {
    setChosenUnits(value);
    remember(UNITS_KEY, value);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('training.plates.title')} size="sm"
      footer={<Button variant="primary" onClick={onClose}>{t('training.plates.done')}</Button>}>
      <div className="plates" data-testid="plates-dialog">
        {!given && (
          <Segmented legend={t('training.units')} name="plates-units" value={units} onChange={chooseUnits}
            options={(['kilograms', 'pounds'] as const).map((value) => ({ value, label: t(`training.unitNames.${value}`) }))} />
        )}
        <FormField id="plates-weight" label={t('training.valueIn', { property: t('training.properties.weight'), units: t(`training.unitShort.${units}`) })}>
          {(aria) => <NumberInput {...aria} value={weight} onValue={setWeight} data-testid="plates-weight" />}
        </FormField>
        <Segmented legend={t('training.plates.bar')} name="plates-bar" value={String(bar)} onChange={chooseBar}
          options={BARS[units].map((value) => ({ value: String(value), label: measure(value) }))} />
        <div aria-live="polite" data-testid="plates-result">
          {load && load.belowBar && <p>{t('training.plates.belowBar', { bar: measure(bar) })}</p>}
          {load && !load.belowBar && (
            <>
              <p className="plates__heading">{t('training.plates.perSide')}</p>
              {load.perSide.length === 0
                ? <p>{t('training.plates.barOnly')}</p>
                : (
                  <ul className="plates__list" data-testid="plates-per-side">
                    {load.perSide.map((plate, index) => <li key={index} className="plates__plate">{measure(plate)}</li>)}
                  </ul>
                )}
              {load.leftOver > 0 && <p className="field__hint" data-testid="plates-left-over">{t('training.plates.leftOver', { loaded: measure(load.loaded), left: measure(load.leftOver) })}</p>}
            </>
          )}
          {!load && <p className="field__hint">{t('training.plates.enterWeight')}</p>}
        </div>
        <p className="field__hint">{t(listed ? 'training.plates.studioPlates' : 'training.plates.standardPlates', { plates: plates.map(measure).join(', ') })}</p>
      </div>
    </Modal>
  );
}
