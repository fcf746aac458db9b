// Saves the screen the member last saw (the shell and the page's markup, as rendered) whenever a
// screen has painted its data and when the app goes to the background, so the next visit can paint
// it before any module runs (restore-head.ts, restore-body.ts). Only screens that mark their first
// content (markFirstContent) are saved: their markup then holds the member's rows, not a spinner.
import { hasFirstContent, onFirstContent, whenIdle } from '../../ui/first-content';
import { registerMemberMemory } from '../../data/memory';
import { liveQuery } from 'dexie';
import { db, type AuthState } from '../../data/db';
import { buildSheetPath, localDay, pageBuild, parseRecord, screenKey, screenOwner, SNAPSHOT_KEY, SNAPSHOT_MAX_CHARS, withScreen } from './format';

const SCROLLED_AWAY_PX = 200;

const currentPath = () => location.pathname + location.search;

const DROP = 'data-snapshot-drop';

/** What this page last wrote per path: a list that re-renders the same rows writes nothing. */
const written = new Map<string, string>();

/** Whose screens these are (format.ts#screenOwner), kept current so a save at pagehide need not wait. */
let who: string | null = null;

/**
 * What the next visit's first frame cannot show: list rows and the footer below the fold, a menu
 * that is hidden (the phone's closed drawer). Leaving them out makes that frame cheaper to lay out.
 */
function markUnseen(shell: Element): Element[] {
  const unseen = [...shell.querySelectorAll('li, .footer, .side-menu')].filter((element) => {
    if (element.matches('.side-menu')) return getComputedStyle(element).visibility === 'hidden';
    return element.getBoundingClientRect().top >= window.innerHeight;
  });
  for (const element of unseen) element.setAttribute(DROP, '');
  return unseen;
}

/** The copy of the shell saved for the next visit (its outerHTML): menu closed, nothing live or modal. */
export function shellCopy(shell: Element): Element {
  const unseen = markUnseen(shell);
  const copy = shell.cloneNode(true) as Element;
  for (const element of unseen) element.removeAttribute(DROP);
  for (const node of copy.querySelectorAll(`[${DROP}]`)) node.remove();
  for (const node of copy.querySelectorAll('.side-menu__scrim, dialog, [role=dialog], [role=alertdialog], [data-snapshot=skip]')) node.remove();
  for (const node of copy.querySelectorAll('[inert]')) node.removeAttribute('inert');
  for (const node of copy.querySelectorAll('.side-menu--open')) node.classList.remove('side-menu--open');
  for (const node of copy.querySelectorAll('[aria-live]')) node.removeAttribute('aria-live');
  // A picture held in memory for this page only would be a broken image next time.
  for (const node of copy.querySelectorAll('img[src^="blob:"]')) node.removeAttribute('src');
  // The copy sits beside the live app: no ids or test ids twice in the document.
  for (const node of [copy, ...copy.querySelectorAll('[id], [data-testid]')]) {
    node.removeAttribute('id');
    node.removeAttribute('data-testid');
  }
  // The CSP forbids style attributes in markup; restore-body.ts applies them through the CSSOM.
  for (const node of [copy, ...copy.querySelectorAll('[style]')]) {
    const style = node.getAttribute('style');
    if (style === null) continue;
    node.setAttribute('data-style', style);
    node.removeAttribute('style');
  }
  return copy;
}

/** What a stylesheet of the page offers to sheetsFor: where it came from and its rules. */
interface SheetRules {
  href: string | null;
  cssRules: ArrayLike<object>;
}

// What the markup cannot show at rest is left out of a selector before matching: pseudo-elements
// (their element matches) and the states of a pointer or keyboard.
const AT_REST = /::?(?:before|after|marker|placeholder|selection|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+|hover|active|focus|focus-visible|focus-within|visited|target)\b/g;

/** Whether a rule, or one nested in it (@media, @supports…), styles an element of the markup. */
function stylesSome(rules: ArrayLike<object>, markup: Element): boolean {
  for (const rule of Array.from(rules) as { selectorText?: unknown; cssRules?: ArrayLike<object> }[]) {
    if (typeof rule.selectorText === 'string') {
      const selector = rule.selectorText.replace(AT_REST, '');
      try {
        if (markup.matches(selector) || markup.querySelector(selector)) return true;
      } catch {
        return true; // a selector this browser cannot test: counted, not risked
      }
    }
    if (rule.cssRules && stylesSome(rule.cssRules, markup)) return true;
  }
  return false;
}

/**
 * The build's stylesheets (the chunks' own; index.html's inline one aside) with a rule for an
 * element of the markup: the ones a saved screen links before it is painted (restore-head.ts). A
 * screen saved after a visit to the training log does not wait for the training log's.
 */
export function sheetsFor(markup: Element, sheets: Iterable<SheetRules>, origin = location.origin): string[] {
  const needed: string[] = [];
  for (const sheet of sheets) {
    const path = buildSheetPath(sheet.href, origin);
    if (!path || needed.includes(path)) continue;
    try {
      if (stylesSome(sheet.cssRules, markup)) needed.push(path);
    } catch {
      // Its rules cannot be read (not the app's own): nothing to link.
    }
  }
  return needed;
}

function save(path: string): void {
  const shell = document.querySelector('#root > .shell');
  const build = pageBuild(document);
  if (!shell || !build || !who || currentPath() !== path) return;
  const copy = shellCopy(shell);
  const html = copy.outerHTML;
  if (html.length > SNAPSHOT_MAX_CHARS || written.get(path) === html) return;
  try {
    const sheets = sheetsFor(copy, Array.from(document.styleSheets));
    const { record, dropped } = withScreen(parseRecord(localStorage.getItem(SNAPSHOT_KEY)), { path, at: Date.now(), ...(sheets.length > 0 && { sheets }) }, { build, day: localDay(new Date()), lang: document.documentElement.lang, who });
    for (const old of dropped) {
      localStorage.removeItem(screenKey(old));
      written.delete(old);
    }
    localStorage.setItem(screenKey(path), html);
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(record));
    written.set(path, html);
  } catch {
    // Storage full or blocked: the next visit shows the splash instead.
  }
}

/**
 * Starts saving; returns a stop function (tests). Loaded after boot: a screen that already
 * painted its data before this module ran is saved too.
 */
export function startSavingLastScreen(): () => void {
  let shownPath: string | null = null;
  let waiting = false;
  // What this page wrote goes with the member's data (the shell forgets the stored screens).
  const forgetWritten = registerMemberMemory(() => written.clear());
  const owner = liveQuery(() => db.meta.get('auth')).subscribe({
    next: (auth) => (who = screenOwner(auth as AuthState | undefined)),
    error: () => (who = null),
  });
  const shown = () => {
    shownPath = currentPath();
    const path = shownPath;
    if (waiting) return;
    waiting = true;
    void whenIdle(2_000).then(() => {
      waiting = false;
      save(path);
    });
  };
  const stopContent = onFirstContent(shown);
  if (hasFirstContent()) shown();
  // Leaving the app: keep the screen as it is now (a booking since), unless scrolled away from the
  // top, where a long list has unrendered the first rows (the screen opens at the top).
  const saveNow = () => shownPath && window.scrollY < SCROLLED_AWAY_PX && save(shownPath);
  const onHide = () => document.visibilityState === 'hidden' && saveNow();
  const onPageHide = () => saveNow();
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    stopContent();
    forgetWritten();
    owner.unsubscribe();
    who = null;
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}
