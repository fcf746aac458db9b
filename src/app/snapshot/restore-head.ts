// index.html's first inline script (end of <head>, before any module): applies the stored theme and,
// when this device has a recent saved screen for this URL and this build, sets its language, links
// its stylesheets and hands its markup to restore-body.ts. Any failure leaves the plain splash.
import { applyTheme } from '../theme-apply';
import { pageBuild, parseRecord, screenKey, screenPath, screenSheets, screenToShow, SNAPSHOT_KEY } from './format';

try {
  applyTheme();
  const record = parseRecord(localStorage.getItem(SNAPSHOT_KEY));
  const screen = screenToShow(record, screenPath(location.pathname, location.search), pageBuild(document), new Date());
  const html = record && screen ? localStorage.getItem(screenKey(screen.path)) : null;
  if (record && screen && html) {
    document.documentElement.lang = record.lang;
    // Its own stylesheets (the timetable's are inline), from the service worker's cache: the first
    // paint waits for them, so the screen is never shown unstyled.
    for (const sheet of screenSheets(screen)) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet;
      link.setAttribute('blocking', 'render');
      document.head.append(link);
    }
    window.__lastScreen = { html, who: record.who };
  }
} catch {
  // Storage blocked or a record from elsewhere: the splash shows as on a first visit.
}
