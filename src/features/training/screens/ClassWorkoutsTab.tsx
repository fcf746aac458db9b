// The workouts tab of a class: what the coach wrote on the whiteboard, each with "Log my result",
// or why the whiteboard is not shown (visibility: see docs/rules.md#booking).
import { useTranslation } from 'react-i18next';
import { useClassContext } from '../../booking/public-tabs';
import { WhiteboardNotShared } from './WhiteboardNotShared';
import { definitionSummary, sortedItems } from './whiteboard-items';
import { isWhiteboardVisible } from '../../../../core/rules/session';
import { EmptyState } from '../../../ui/empty-state/index';
import { logResultPath } from './paths';
import './training.css';
import { ButtonLink } from '../../../ui/button/index';
import { Chip } from '../../../ui/chip/index';

export default function ClassWorkoutsTab() {
  const { t } = useTranslation('training');
  const { session } = useClassContext();
  if (!isWhiteboardVisible(session)) return <WhiteboardNotShared visibility={session.whiteboard_visibility} />;
  const items = sortedItems(session.whiteboard_items);
  if (items.length === 0) return <EmptyState title={t('classWorkouts.none')} body={t('whiteboard.hint')} />;
  return (
    <ul className="whiteboard-list" data-testid="class-workouts">
      {items.map(({ id, definition }) => {
        const headingId = `whiteboard-item-${id}`;
        const summary = definitionSummary(definition, t);
        return (
          <li key={id} className="card whiteboard-item" data-testid="whiteboard-item" data-definition-id={definition.id}>
            <h2 id={headingId} className="card__title">{definition.name}</h2>
            {summary && <p className="whiteboard-item__summary"><Chip tone="info">{t(`training.types.${definition.type}`)}</Chip> {summary}</p>}
            {definition.description && <p className="training__multiline">{definition.description}</p>}
            <ButtonLink variant="primary" to={logResultPath(definition, session.id)} aria-describedby={headingId} data-testid="log-result">
              {t('classWorkouts.logResult')}
            </ButtonLink>
          </li>
        );
      })}
    </ul>
  );
}
