// A link tapped on the last known screen before the app ran (restore-body.ts) opens its screen once
// the app runs, only for the member and facility the screen showed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLastScreenTaps, hideSplash } from './splash';
import { LAST_SCREEN_TAP } from './snapshot/format';

afterEach(() => {
  delete window.__lastScreenTap;
  document.body.innerHTML = '';
});

describe('taps on the last known screen', () => {
  it('follows a tap made before the app ran, and one made after, for the member the screen showed', () => {
    window.__lastScreenTap = { path: '/classes/42', who: '7@wlg' };
    const follow = vi.fn();
    const stop = followLastScreenTaps('7@wlg', follow);
    expect(follow).toHaveBeenCalledWith('/classes/42');
    window.__lastScreenTap = { path: '/classes/43', who: '7@wlg' };
    window.dispatchEvent(new Event(LAST_SCREEN_TAP));
    expect(follow).toHaveBeenLastCalledWith('/classes/43');
    stop();
    window.__lastScreenTap = { path: '/classes/44', who: '7@wlg' };
    window.dispatchEvent(new Event(LAST_SCREEN_TAP));
    expect(follow).toHaveBeenCalledTimes(2);
  });

  it('goes nowhere for another member or facility, or when nobody is signed in', () => {
    const follow = vi.fn();
    window.__lastScreenTap = { path: '/classes/42', who: '7@wlg' };
    followLastScreenTaps('8@wlg', follow)();
    window.__lastScreenTap = { path: '/classes/42', who: '7@wlg' };
    followLastScreenTaps('7@akl', follow)();
    window.__lastScreenTap = { path: '/classes/42', who: '7@wlg' };
    followLastScreenTaps(null, follow)();
    expect(follow).not.toHaveBeenCalled();
    expect(window.__lastScreenTap).toBeUndefined();
  });

  it('forgets a tap not followed by the time the saved screen goes (a signed-out app)', () => {
    document.body.innerHTML = '<div id="splash" class="splash splash--screen"></div>';
    window.__lastScreenTap = { path: '/classes/42', who: '7@wlg' };
    hideSplash();
    const follow = vi.fn();
    followLastScreenTaps('7@wlg', follow)();
    expect(follow).not.toHaveBeenCalled();
  });
});
