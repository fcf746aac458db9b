import { describe, expect, it } from 'vitest';
import { localDay, parseRecord, screenOwner, screenPath, screenSheets, screenToShow, SNAPSHOT_MAX_AGE_MS, SNAPSHOT_MAX_SCREENS, SNAPSHOT_VERSION, withScreen, type SnapshotRecord } from './format';
import { sheetsFor, shellCopy } from './capture';

const now = new Date(2026, 10, 24, 9, 0);
const meta = { build: 'abc', day: localDay(now), lang: 'en-US', who: '7@wlg' };
const record = (screens: SnapshotRecord['screens']): SnapshotRecord => ({ v: SNAPSHOT_VERSION, ...meta, screens });

describe('which saved screen a repeat visit may paint', () => {
  const classes = { path: '/classes', at: now.getTime() - 60_000 };

  it('shows the screen saved for this path with this build on the same day', () => {
    expect(screenToShow(record([classes]), '/classes', 'abc', now)).toEqual(classes);
  });

  it('opens the timetable for the home screen start URL', () => {
    expect(screenPath('/', '')).toBe('/classes');
    expect(screenPath('/classes', '?date=2026-11-25')).toBe('/classes?date=2026-11-25');
  });

  it('shows nothing from another build, another day, too long ago or for another path', () => {
    expect(screenToShow(record([classes]), '/classes', 'other-build', now)).toBeNull();
    expect(screenToShow({ ...record([classes]), day: localDay(new Date(2026, 10, 23)) }, '/classes', 'abc', now)).toBeNull();
    expect(screenToShow(record([{ ...classes, at: now.getTime() - SNAPSHOT_MAX_AGE_MS - 1 }]), '/classes', 'abc', now)).toBeNull();
    expect(screenToShow(record([classes]), '/bookings', 'abc', now)).toBeNull();
    expect(screenToShow(null, '/classes', 'abc', now)).toBeNull();
  });

  it('ignores a record it cannot read', () => {
    expect(parseRecord('{not json')).toBeNull();
    expect(parseRecord(JSON.stringify({ v: SNAPSHOT_VERSION + 1, screens: [] }))).toBeNull();
    expect(parseRecord(JSON.stringify(record([classes])))).toEqual(record([classes]));
  });

  it('keeps the newest screens first, one per path, a few at most, and names the ones it drops', () => {
    let saved: SnapshotRecord | null = null;
    const dropped: string[] = [];
    for (let i = 0; i < SNAPSHOT_MAX_SCREENS + 2; i += 1) {
      const next = withScreen(saved, { path: `/p${i}`, at: i }, meta);
      saved = next.record;
      dropped.push(...next.dropped);
    }
    expect(dropped).toEqual(['/p0', '/p1']);
    saved = withScreen(saved, { path: '/p3', at: 99 }, meta).record;
    expect(saved.screens.map((s) => s.path)).toEqual(['/p3', '/p5', '/p4', '/p2']);
    const rebuilt = withScreen(saved, { path: '/x', at: 1 }, { ...meta, build: 'new' });
    expect(rebuilt.record.screens.map((s) => s.path)).toEqual(['/x']);
    expect(rebuilt.dropped).toEqual(['/p3', '/p5', '/p4', '/p2']);
    const another = withScreen(rebuilt.record, { path: '/y', at: 2 }, { ...meta, build: 'new', who: '8@wlg' });
    expect(another.record).toMatchObject({ who: '8@wlg', screens: [{ path: '/y' }] });
    expect(another.dropped).toEqual(['/x']);
  });

  it('names whose screen it is: the signed-in member at the chosen facility, nobody otherwise', () => {
    expect(screenOwner({ key: 'auth', status: 'authenticated', profileId: 7, accountOrgId: 1, facilityGuid: 'wlg' })).toBe('7@wlg');
    expect(screenOwner({ key: 'auth', status: 'authenticated', profileId: 7, accountOrgId: 1, facilityGuid: null })).toBeNull();
    expect(screenOwner({ key: 'auth', status: 'signed-out', profileId: null, accountOrgId: null, facilityGuid: null })).toBeNull();
    expect(screenOwner(undefined)).toBeNull();
  });
});

describe('the markup saved for the next visit', () => {
  it('has the menu closed, no dialogs, ids, test ids or style attributes, and escapes member text', () => {
    const shell = document.createElement('div');
    shell.className = 'shell';
    shell.innerHTML = `
      <nav id="side-menu" class="side-menu side-menu--open"><a href="/classes">Classes</a></nav>
      <div class="side-menu__scrim"></div>
      <main id="main" inert=""><ul style="height: 400px"><li data-testid="session-row" style="transform: translateY(44px)">x</li></ul></main>
      <div role="dialog">Cancel?</div>
      <img src="blob:http://x/1" alt="">
      <p aria-live="polite">Offline</p>`;
    shell.querySelector('li')!.textContent = '<img src=x onerror=alert(1)>';
    const html = shellCopy(shell).outerHTML;
    expect(html).not.toMatch(/side-menu--open|scrim|role="dialog"|\sid=|data-testid|\sstyle=|inert|aria-live|blob:/);
    expect(html).toContain('data-style="height: 400px"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(shell.querySelector('.side-menu--open')).not.toBeNull(); // the live DOM is untouched
  });
});

describe('the stylesheets a saved screen links', () => {
  const origin = 'https://app.example';
  const rule = (selectorText: string) => ({ selectorText });
  const sheet = (href: string | null, ...cssRules: object[]) => ({ href, cssRules });

  it('names the build’s stylesheets with a rule for an element of its markup (nested, hovered, before: too), and no other', () => {
    const markup = document.createElement('div');
    markup.className = 'shell';
    markup.innerHTML = '<main class="page"><ul class="lift-list"><li class="lift-list__row">Squat</li></ul></main>';
    const sheets = [
      sheet(null, rule('.shell')), // index.html's inline stylesheet: always there
      sheet(`${origin}/assets/training-a1.css`, rule('.wod-form'), { cssRules: [rule('.lift-list__row:hover::after')] }),
      // A class of the markup in a selector that matches nothing in it.
      sheet(`${origin}/assets/shop-b2.css`, rule('.cart .page'), rule('.product > .price')),
      sheet('https://elsewhere.example/assets/lift-list.css', rule('.lift-list')),
      sheet(`${origin}/assets/list-c3.css`, rule('.shell')),
      sheet(`${origin}/assets/list-c3.css`, rule('.shell')),
      sheet(`${origin}/assets/tabs-d4.css`, rule('.tab-nav, .page > .lift-list')),
    ];
    expect(sheetsFor(markup, sheets, origin)).toEqual(['/assets/training-a1.css', '/assets/list-c3.css', '/assets/tabs-d4.css']);
  });

  it('links only the app’s own stylesheets from what storage holds', () => {
    const screen = { path: '/lifts', at: 1, sheets: ['/assets/training-a1.css', 'https://evil.example/x.css', '/assets/../secret.css', 7 as unknown as string, '/assets/a.js'] };
    expect(screenSheets(screen)).toEqual(['/assets/training-a1.css']);
    expect(screenSheets({ path: '/classes', at: 1 })).toEqual([]);
  });
});
