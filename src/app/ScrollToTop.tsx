// A new screen starts at the top (docs/rules.md#shell). Without this the window kept the previous
// screen's scroll: a new member landed on the timetable scrolled as far as the sign-up form was.
// Back and Forward are left to the browser, which puts the member back where they were; moving
// within one screen (a class's tabs, a workout's id made real, the timetable's days) keeps its place.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { screenOf } from './routes';

export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const screen = screenOf(pathname);
  const shown = useRef(screen);
  useLayoutEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [screen, type]);
  // The path whose screen is on display, named as it commits (location.pathname changes when a
  // navigation starts; a screen still loading commits later): journeys moving within the app wait on it.
  useLayoutEffect(() => {
    document.documentElement.dataset.shownPath = pathname;
  }, [pathname]);
  return null;
}
