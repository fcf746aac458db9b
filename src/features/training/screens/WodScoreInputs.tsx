// The score inputs of the chosen scoring type (see docs/rules.md#training): a time, rounds and reps, a load with
// its units, a distance, or a single count; none for scoring "none".
import { useTranslation } from '../../../i18n/use-translation';
import type { WeightUnits } from '../../../../core/contract/types';
import { FormField } from './FormField';
import { SCORE_INPUTS, type WodErrors, type WodField, type WodFormValues } from './wod-form';

type ScoreInput = Exclude<WodField, 'name' | 'completedAt'>;

const WHOLE: ReadonlySet<ScoreInput> = new Set<ScoreInput>(['rounds', 'reps', 'repetitions', 'calories', 'tabata']);

export function WodScoreInputs({ values, errors, onChange }: { values: WodFormValues; errors: WodErrors; onChange: (changes: Partial<WodFormValues>) => void }) {
  const { t } = useTranslation('training');
  const inputs = SCORE_INPUTS[values.scoring] as readonly ScoreInput[];
  if (inputs.length === 0) return <p className="field__hint" data-testid="no-score">{t('training.noScoreNeeded')}</p>;
  return (
    <fieldset className="fieldset" data-testid="score-inputs">
      <legend>{t('training.score.label')}</legend>
      <div className="training__score-inputs">
        {inputs.map((field) => {
          const id = `wod-${field}`;
          const input = (
            <FormField key={field} id={id} label={t(`training.scoreInputs.${field}`)} error={errors[field]}
              hint={field === 'time' ? t('training.timeHint') : field === 'reps' ? t('training.repsHint') : undefined}>
              {(aria) => (
                <input {...aria} type="text" autoComplete="off"
                  inputMode={field === 'time' ? 'text' : WHOLE.has(field) ? 'numeric' : 'decimal'}
                  placeholder={field === 'time' ? '12:34' : undefined}
                  value={values[field]} onChange={(e) => onChange({ [field]: e.target.value })}
                  required={field !== 'reps'} data-testid={id} />
              )}
            </FormField>
          );
          if (field !== 'load') return input;
          return (
            <div key={field} className="training__load">
              {input}
              <div className="field">
                <label className="field__label" htmlFor="wod-load-units">{t('training.units')}</label>
                <select id="wod-load-units" value={values.loadUnits} onChange={(e) => onChange({ loadUnits: e.target.value as WeightUnits })} data-testid="wod-load-units">
                  <option value="kilograms">{t('training.unitNames.kilograms')}</option>
                  <option value="pounds">{t('training.unitNames.pounds')}</option>
                </select>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
