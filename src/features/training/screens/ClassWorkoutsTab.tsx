// The workouts tab of a class: what the coach wrote on the whiteboard, each with "Log my result" (or
// the member's result, once logged for this class, with Edit), or why the whiteboard is not shown
// (visibility: see docs/rules.md#booking).
import { useTranslation } from '../../../i18n/use-translation';
import type { TFunction } from 'i18next';
import type { Workout } from '../../../../core/contract/types';
import { useClassContext } from '../../booking/public-tabs';
import { WhiteboardNotShared } from './WhiteboardNotShared';
import { definitionSummary, sortedItems } from './whiteboard-items';
import { isWhiteboardVisible } from '../../../../core/rules/session';
import { EmptyState } from '../../../ui/empty-state/index';
import { logResultPath, workoutEditPath } from './paths';
import { useClassResults } from '../hooks';
import { useFormat } from '../../../i18n/useFormat';
import type { Formatter } from '../../../i18n/format';
import { formatWodScore, liftSummaryParts, prescribedLabel } from './score-format';
import './training.css';
import { ButtonLink } from '../../../ui/button/index';
import { Chip } from '../../../ui/chip/index';

export default function ClassWorkoutsTab() {
  const { t } = useTranslation('training');
  const { session, timeZone } = useClassContext();
  const results = useClassResults(session.id);
  const format = useFormat(timeZone);
  if (!isWhiteboardVisible(session)) return <WhiteboardNotShared visibility={session.whiteboard_visibility} />;
  const items = sortedItems(session.whiteboard_items);
  if (items.length === 0) return <EmptyState title={t('classWorkouts.none')} body={t('whiteboard.hint')} />;
  return (
    <ul className="whiteboard-list" data-testid="class-workouts">
      {items.map(({ id, definition }) => {
        const headingId = `whiteboard-item-${id}`;
        const summary = definitionSummary(definition, t);
        const mine = results?.find((w) => w.session_id === session.id && w.workout_definition_id === definition.id);
        return (
          <li key={id} className="card whiteboard-item" data-testid="whiteboard-item" data-definition-id={definition.id}>
            <h2 id={headingId} className="card__title">{definition.name}</h2>
            {summary && <p className="whiteboard-item__summary"><Chip tone="info">{t(`training.types.${definition.type}`)}</Chip> {summary}</p>}
            {definition.description && <p className="training__multiline">{definition.description}</p>}
            {mine ? (
              <>
                <p className="whiteboard-item__summary" data-testid="my-result">{resultLine(mine, format, t)}</p>
                <ButtonLink variant="primary" to={workoutEditPath(mine)} aria-describedby={headingId} data-testid="edit-result">{t('classWorkouts.editResult')}</ButtonLink>
              </>
            ) : (
              <ButtonLink variant="primary" to={logResultPath(definition, session.id)} aria-describedby={headingId} data-testid="log-result">
                {t('classWorkouts.logResult')}
              </ButtonLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** "Your result: 1:59 · Rx" (a lift: its scheme and heaviest set); a workout scored "none" says it is logged. */
function resultLine(workout: Workout, format: Formatter, t: TFunction<'training'>): string {
  if (workout.type === 'lift') return t('classWorkouts.yourResult', { result: liftSummaryParts(workout, format, t).join(' · ') });
  const score = formatWodScore(workout, format, t);
  return score ? t('classWorkouts.yourResult', { result: `${score} · ${prescribedLabel(workout.as_prescribed, t)}` }) : t('classWorkouts.logged');
}
