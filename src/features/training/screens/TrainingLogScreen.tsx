// /training: every workout the member logged at this organisation, newest first, under year and
// day headers in the facility's zone. Read from the device, so it works with no signal; the list
// is virtualised because a keen member logs thousands of workouts.
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { usePageTitle } from '../../../ui/page-title';
import { useFacility } from '../../../data/hooks/auth';
import { useRefreshTraining, useWorkouts } from '../hooks';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { useFormat } from '../../../i18n/useFormat';
import { PageHeader } from '../../../ui/page-header/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { Icon } from '../../../ui/icon/index';
import { LogRow } from './LogRow';
import { cachedLogRows, filterByName } from './log-rows';
import { TrainingOffNotice } from './TrainingOffNotice';
import './training.css';
import { ButtonLink } from '../../../ui/button/index';

const ROW_ESTIMATE = 76;
const DAY_ESTIMATE = 40;
const YEAR_ESTIMATE = 56;

export default function TrainingLogScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.training');
  const format = useFormat(useFacility()?.time_zone);
  const workouts = useWorkouts();
  useRefreshTraining();
  const touches = usePendingTouches();
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query);
  const shown = useMemo(() => filterByName(workouts ?? [], search), [workouts, search]);
  const rows = useMemo(() => cachedLogRows(shown, format.timeZone), [shown, format.timeZone]);

  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => {
      const kind = rows[i]?.kind;
      return kind === 'year' ? YEAR_ESTIMATE : kind === 'day' ? DAY_ESTIMATE : ROW_ESTIMATE;
    },
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });

  return (
    <section className="page training" aria-labelledby="page-title">
      <PageHeader
        title={<span id="page-title">{title}</span>}
        actions={
          <>
            <ButtonLink to="/training/lifts">{t('titles.lifts')}</ButtonLink>
            <ButtonLink variant="primary" to="/training/workouts/new" data-testid="log-workout"><Icon name="plus" />{t('training.logWorkout')}</ButtonLink>
          </>
        }
      />
      <TrainingOffNotice />
      <nav className="training__transfer-links" aria-label={t('transfer.links')}>
        <ButtonLink size="sm" to="/training/export" data-testid="training-export">{t('transfer.exportAction')}</ButtonLink>
        <ButtonLink size="sm" to="/training/import" data-testid="training-import">{t('transfer.importAction')}</ButtonLink>
      </nav>
      {workouts === undefined ? (
        <Spinner block />
      ) : workouts.length === 0 ? (
        <EmptyState icon="dumbbell" title={t('empty.training')} body={t('training.emptyHint')}
          action={<ButtonLink variant="primary" to="/training/workouts/new">{t('training.logWorkout')}</ButtonLink>} />
      ) : (
        <>
          <form role="search" className="training__search" onSubmit={(event) => event.preventDefault()}>
            <div className="field">
              <label className="field__label" htmlFor="training-search">{t('training.search')}</label>
              <input id="training-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)}
                placeholder={t('training.searchPlaceholder')} autoComplete="off" data-testid="training-search" />
            </div>
            <p className="visually-hidden" aria-live="polite">{search ? t('training.searchResults', { count: shown.length }) : ''}</p>
          </form>
          {rows.length === 0 ? (
            <EmptyState title={t('training.noMatches', { query: search })} />
          ) : (
            <ul ref={listRef} className="training-log" style={{ height: virtualizer.getTotalSize() }} data-testid="training-log">
              {virtualizer.getVirtualItems().map((virtual) => {
                const row = rows[virtual.index]!;
                const key = row.kind === 'year' ? `y-${row.year}` : row.kind === 'day' ? `d-${row.day}` : `w-${row.item.id}`;
                return (
                  <li key={key} ref={virtualizer.measureElement} data-index={virtual.index} className="training-log__row"
                    style={{ transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)` }}>
                    {row.kind === 'year' ? (
                      <h2 className="training-log__year" data-testid="log-year">{format.yearHeader(`${row.year}-01-01`)}</h2>
                    ) : row.kind === 'day' ? (
                      <h3 className="training-log__day" data-testid="log-day">{format.dayHeader(row.day)}</h3>
                    ) : (
                      <LogRow workout={row.item} format={format} pending={touches.has(touchKey('workouts', row.item.id))} />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
