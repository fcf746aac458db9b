// On a new lift: what the member did last time for the movement and the suggested next step,
// each one tap from the form (see docs/rules.md#training). Read from the device, so it works offline.
import { useTranslation } from '../../../i18n/use-translation';
import type { LiftWorkout } from '../../../../core/contract/types';
import { suggestNextStep, type LiftPlan } from '../../../../core/rules/training/lift-plan';
import type { Formatter } from '../../../i18n/format';
import { Button } from '../../../ui/button/index';
import { describeSets } from './lift-plan-format';

interface Props {
  last: LiftWorkout;
  format: Formatter;
  onApply: (plan: LiftPlan) => void;
}

export function LastTimeCard({ last, format, onApply }: Props) {
  const { t } = useTranslation('training');
  const next = suggestNextStep(last);
  return (
    <section className="last-time" aria-labelledby="last-time-title" data-testid="last-time">
      <h2 id="last-time-title" className="last-time__title">{t('training.plan.lastTime', { date: format.date(last.completed_at) })}</h2>
      <p className="last-time__sets" data-testid="last-time-sets">{describeSets(last.sets, last.movement, format, t)}</p>
      <p className="last-time__next" data-testid="last-time-next">
        {t(next.heavier ? 'training.plan.nextHeavier' : 'training.plan.nextSame', { sets: describeSets(next.sets, last.movement, format, t) })}
      </p>
      <div className="last-time__actions">
        <Button size="sm" onClick={() => onApply({ repScheme: last.rep_scheme, sets: last.sets })} data-testid="copy-last-time">{t('training.plan.copy')}</Button>
        <Button size="sm" onClick={() => onApply(next)} data-testid="use-suggestion">{t('training.plan.useSuggestion')}</Button>
      </div>
    </section>
  );
}
