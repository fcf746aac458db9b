// The whiteboards the member may see (visibility: see docs/rules.md#booking): today's and the coming days' classes
// with workouts written up, public ones and those of classes the member attends.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { daysFrom, dayKeyIn } from '../../../domain/timetable';
import { isWhiteboardVisible } from '../../../../core/rules/session';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { useNow, useRefreshSessions, useSessions } from '../../booking/public';
import { definitionSummary, sortedItems, whiteboardItemTitle } from './whiteboard-items';
import { logResultPath } from './paths';
import { ButtonLink } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { Stack } from '../../../ui/layout/index';
import './training.css';

const DAYS_SHOWN = 3;

export default function WhiteboardScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.whiteboard');
  const facility = useFacility();
  const timeZone = facility?.time_zone ?? 'UTC';
  const format = useFormat(timeZone);
  const now = useNow(60_000);
  const range = useMemo(() => daysFrom(dayKeyIn(now, timeZone), DAYS_SHOWN, timeZone), [now, timeZone]);
  const sessions = useSessions(facility?.guid, range.from, range.to);
  useRefreshSessions(facility?.guid, range.from, range.to);
  const boards = (sessions ?? []).filter((s) => !s.cancelled && sortedItems(s.whiteboard_items).length > 0 && isWhiteboardVisible(s));
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {sessions === undefined ? (
        <Spinner block />
      ) : boards.length === 0 ? (
        <EmptyState title={t('empty.whiteboard')} body={t('whiteboard.hint')} />
      ) : (
        <Stack as="ul" className="whiteboard-list">
          {boards.map((s) => (
            <li key={s.id}>
              <Card flush>
                {/* The class: its name over its day and time, one link to its workouts. */}
                <Link className="whiteboard-class" to={`/classes/${s.id}/workouts`}>
                  <span className="whiteboard-class__name">{s.name}</span>
                  <span className="whiteboard-class__when">{format.weekdayDate(s.start_date)} · {format.time(s.start_date)}</span>
                </Link>
                <ul className="whiteboard-items whiteboard-items--actions">
                  {sortedItems(s.whiteboard_items).map((item) => {
                    const summary = definitionSummary(item.definition, t);
                    return (
                      <li key={item.id} className="whiteboard-items__item" data-testid="whiteboard-item" data-definition-id={item.definition.id}>
                        <span className="whiteboard-items__text">
                          <span id={`wb-${s.id}-${item.id}`} className="whiteboard-items__name">{whiteboardItemTitle(item) ?? t('whiteboard.workout')}</span>
                          {summary && <span className="list-row__meta">{summary}</span>}
                        </span>
                        <ButtonLink size="sm" to={logResultPath(item.definition, s.id)} aria-describedby={`wb-${s.id}-${item.id}`} data-testid="log-result">
                          {t('classWorkouts.logResult')}
                        </ButtonLink>
                      </li>
                    );
                  })}
                </ul>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
