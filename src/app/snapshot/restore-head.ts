// index.html's first inline script (end of <head>, before any module): applies the stored theme and,
// when this device has a recent saved screen for this URL and this build, sets its language and hands
// its markup to restore-body.ts. Any failure leaves the plain splash.
import { applyTheme } from '../theme-apply';
import { pageBuild, parseRecord, screenKey, screenPath, screenToShow, SNAPSHOT_KEY } from './format';

try {
  applyTheme();
  const record = parseRecord(localStorage.getItem(SNAPSHOT_KEY));
  const screen = screenToShow(record, screenPath(location.pathname, location.search), pageBuild(document), new Date());
  const html = record && screen ? localStorage.getItem(screenKey(screen.path)) : null;
  if (record && html) {
    document.documentElement.lang = record.lang;
    window.__lastScreen = { html, who: record.who };
  }
} catch {
  // Storage blocked or a record from elsewhere: the splash shows as on a first visit.
}
