// The timetable of the selected facility, seven days at a time from today (or from ?date=),
// grouped under day headers, in the facility's time zone. Reads Dexie only; the shown days are
// refreshed in the background.
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { facilityTimeZone, readMemberRows, useFacility, useFacilityTimeZone } from '../../../data/hooks/auth';
import { prefetchSessions, useRefreshSessions, useRevalidate, useSessionsFetchedAt, useSessionsProgressive } from '../hooks/sessions';
import { dataAgeLabel, useShowsDataFrom } from '../../../ui/data-age';
import { usePendingTouches } from '../../../data/hooks/pending';
import { touchKey } from '../../../data/sync/touches';
import { addDaysToKey, dayKeyIn, daysFrom, groupByDay, TIMETABLE_DAYS as DAYS_SHOWN } from '../../../domain/timetable';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { SessionRow } from './SessionRow';
import { useFriendsBookings } from '../../friends/public';
// The sync entry, not the screens' one: the first paint of the timetable carries no account hooks.
import { markFirstContent } from '../../../ui/first-content';
import { useNow } from './use-now';
import { Button } from '../../../ui/button/index';
import { ChoiceChip } from '../../../ui/chip/index';
import './classes.css';

const DAY_PARAM = /^\d{4}-\d{2}-\d{2}$/;
/** Brings a day's header to the top, below the sticky top bar (its CSS scroll margin). */
function scrollToDay(list: HTMLElement | null, day: string): boolean {
  const header = list?.querySelector(`[data-day="${day}"]`);
  header?.scrollIntoView({ block: 'start' });
  return Boolean(header);
}

/**
 * The rows to render. After a change of range (the first paint, a week switch) the first render
 * has only the first screen's worth, so a new week shows as fast as a short list; the rest follow
 * in a transition React may pause. A change within the range (a booking) renders them all at once.
 * (Not useDeferredValue: a week switch is already a transition, in which it defers nothing.)
 */
function useRowsInTwoSteps<T>(rows: T[], range: string, first: number): T[] {
  const [complete, setComplete] = useState<string | null>(null);
  useEffect(() => {
    if (complete !== range) startTransition(() => setComplete(range));
  }, [complete, range]);
  return complete === range || rows.length <= first ? rows : rows.slice(0, first);
}

/** Scrolls the day row (not the page, which scrolls to the day's classes) so the chosen chip sits in its middle. */
function centreInRow(chip: HTMLElement): void {
  const row = chip.closest('ul');
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const chipBox = chip.getBoundingClientRect();
  const rowBox = row.getBoundingClientRect();
  row.scrollLeft += chipBox.left - rowBox.left - (rowBox.width - chipBox.width) / 2;
}

/**
 * Enough rows to fill a tall screen (a row is about 88 px: 14 fill 1,440 px under the bar and the
 * week) before the whole range has been read and rendered; the rest follow a moment later. Each
 * row more in the first render is more of the work before the live rows paint (40 took 30 ms
 * longer than 16 at 4x CPU).
 */
const FIRST_SCREEN_ROWS = 16;

/** Today and the first day shown (?date=, else today), in the facility's zone. */
function firstDayShown(params: URLSearchParams, now: Date, timeZone: string): { today: string; firstDay: string } {
  const today = dayKeyIn(now, timeZone);
  const param = params.get('date');
  return { today, firstDay: param && DAY_PARAM.test(param) ? param : today };
}

/**
 * Reads the week the screen opens on once its chunk is loaded (routes.ts), while the app's strings
 * still load: the first render then has the rows, instead of waiting for the facility, then the
 * week, each a render apart.
 */
export async function readFirstWeek(): Promise<void> {
  const facility = await readMemberRows();
  if (!facility) return;
  const { timeZone } = facilityTimeZone(facility);
  const { firstDay } = firstDayShown(new URLSearchParams(location.search), new Date(), timeZone);
  const week = daysFrom(firstDay, DAYS_SHOWN, timeZone);
  await prefetchSessions(facility.guid, week.from, week.to);
}

export default function ClassesScreen() {
  const { t } = useTranslation('booking');
  const title = usePageTitle('titles.classes');
  const facility = useFacility();
  const { timeZone, remembered: rememberedZone } = useFacilityTimeZone();
  const format = useFormat(timeZone);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const { today, firstDay } = firstDayShown(params, now, timeZone);
  const week = useMemo(() => daysFrom(firstDay, DAYS_SHOWN, timeZone), [firstDay, timeZone]);
  // The chosen day lives in the URL, so a tap made while the app is still starting (or offline,
  // before the rows are read) survives a remount and is scrolled to once the rows are there.
  const focused = params.get('day');
  const selected = focused && week.days.includes(focused) ? focused : firstDay;

  const sessions = useSessionsProgressive(facility?.guid, week.from, week.to, FIRST_SCREEN_ROWS);
  // The refreshes start once the device's rows have been read (at once when it has none): a first
  // commit before that read had its effects load the pulls' chunks before the rows showed
  // (decisions.md#pulls-after-rows).
  const loaded = sessions !== undefined;
  const refreshFacility = loaded ? facility : undefined;
  const answered = useRefreshSessions(refreshFacility?.guid, week.from, week.to);
  // Offline, the top bar says how old these rows are (a background refresh may have brought them).
  const fetchedAt = useSessionsFetchedAt(facility?.guid, week.from, week.to);
  useShowsDataFrom(fetchedAt === undefined ? undefined : dataAgeLabel(format, fetchedAt, now.getTime()));
  // What pays comes with the member's classes (after sign-in, on focus, back online), so a class
  // opened from here, even offline, knows the membership that covers it.
  useRevalidate(refreshFacility ? `${refreshFacility.guid}|${refreshFacility.org_id}` : null, () => (refreshFacility ? import('../../account/public-sync').then(({ pullConcessions }) => pullConcessions(refreshFacility.guid, refreshFacility.org_id)) : Promise.resolve()));
  // Which friends booked which class (a separate, small call; GET /sessions stays the same for all).
  const friends = useFriendsBookings(facility?.guid, week.from, week.to);
  useRevalidate(refreshFacility ? `friends|${refreshFacility.guid}|${week.from}|${week.to}` : null, () => (refreshFacility ? import('../../friends/public-sync').then(({ pullFriendsBookings }) => pullFriendsBookings(refreshFacility.guid, week.from, week.to)) : Promise.resolve()));
  const touches = usePendingTouches();
  // The neighbouring ranges are read while the member looks at this one, so paging is instant: in
  // a task after the mount's, which a tap on the first rows would otherwise wait behind.
  useEffect(() => {
    if (!facility || !loaded) return;
    const later = setTimeout(() => {
      for (const offset of [DAYS_SHOWN, -DAYS_SHOWN]) {
        const next = daysFrom(addDaysToKey(firstDay, offset, timeZone), DAYS_SHOWN, timeZone);
        void prefetchSessions(facility.guid, next.from, next.to);
      }
    }, 0);
    return () => clearTimeout(later);
  }, [facility, loaded, firstDay, timeZone]);
  const rows = useMemo(() => groupByDay(sessions ?? [], timeZone, week), [sessions, timeZone, week]);
  // A cold start reads an empty device first: only real rows count (an empty week waits for the fallback).
  const hasRows = rows.length > 0;
  const shown = useRowsInTwoSteps(rows, `${facility?.guid}|${week.from}`, FIRST_SCREEN_ROWS);
  // Again whenever the rows change: the last known screen (app/snapshot) is saved after each.
  useEffect(() => {
    if (hasRows) markFirstContent();
  }, [hasRows, rows]);

  const listRef = useRef<HTMLUListElement>(null);

  const scrolledTo = useRef<string | null>(null);
  const goTo = (day: string) => {
    setParams(day === today ? {} : { date: day }, { replace: true });
  };
  const showDay = (day: string) => {
    scrolledTo.current = null;
    if (day === focused) {
      scrollToDay(listRef.current, day);
      return;
    }
    const next = new URLSearchParams(params);
    next.set('day', day);
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if (!focused || scrolledTo.current === focused) return;
    if (scrollToDay(listRef.current, focused)) scrolledTo.current = focused;
  }, [focused, shown]);

  // Dates wait for the facility's time zone: a week drawn in another zone first showed another
  // day's dates, whose longer label then moved the page (e2e/layout.spec.ts, CLS budget).
  if (!facility && !rememberedZone) {
    return (
      <section className="page" aria-labelledby="page-title" aria-busy="true">
        <h1 id="page-title" className="page__title">{title}</h1>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <nav className="week-nav" aria-label={t('classes.weekNav')}>
        <div className="week-nav__row">
          <Button variant="ghost" icon="chevron-left" iconOnly onClick={() => goTo(addDaysToKey(week.firstDay, -DAYS_SHOWN, timeZone))} aria-label={t('classes.previousWeek')} />
          <span className="week-nav__label" aria-live="polite">{t('classes.daysFrom', { first: format.weekdayDate(week.days[0]), last: format.weekdayDate(week.days[DAYS_SHOWN - 1]) })}</span>
          <Button variant="ghost" icon="chevron-right" iconOnly onClick={() => goTo(addDaysToKey(week.firstDay, DAYS_SHOWN, timeZone))} aria-label={t('classes.nextWeek')} />
          <Button size="sm" onClick={() => goTo(today)} disabled={firstDay === today}>
            {t('classes.today')}
          </Button>
        </div>
        {/* Seven 44 px days fit from 360 px; on a narrower phone the row scrolls, the chosen day in view. */}
        <ul className="week-nav__days">
          {week.days.map((day) => (
            <li key={day}>
              <ChoiceChip className={`week-nav__day${day === today ? ' week-nav__day--today' : ''}`} selected={day === selected}
                onClick={(event) => { showDay(day); centreInRow(event.currentTarget); }} aria-label={format.dayHeader(`${day}`)}>
                <span className="week-nav__weekday" aria-hidden="true">{format.weekdayShort(day)}</span>
                <span className="week-nav__date" aria-hidden="true">{day.slice(8)}</span>
              </ChoiceChip>
            </li>
          ))}
        </ul>
      </nav>

      {/* No rows yet is not "no classes" until the server has answered for these days (or could not). */}
      {sessions === undefined || (rows.length === 0 && !answered) ? (
        <Spinner block />
      ) : rows.length === 0 ? (
        <EmptyState title={t('classes.emptyWeek')} body={t('classes.emptyWeekHint')} />
      ) : (
        // Every row of the range is in the DOM (a week is a few hundred at most); the browser skips
        // the layout and paint of those off screen (content-visibility), see docs/decisions.md#speed.
        <ul ref={listRef} className="timetable" data-testid="timetable">
          {shown.map((row) =>
            row.kind === 'day' ? (
              <li key={`d-${row.day}`} className="timetable__row timetable__row--day" data-day={row.day}>
                <h2 className="timetable__day">{format.dayHeader(row.day)}</h2>
              </li>
            ) : (
              <li key={`s-${row.item.id}`} className="timetable__row">
                <SessionRow session={row.item} now={now} format={format} pending={touches.has(touchKey('sessions', row.item.id))} friends={friends?.get(row.item.id)?.friends} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
