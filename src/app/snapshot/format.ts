// The last known screen, kept in localStorage so a repeat visit paints it before any module runs
// (docs/decisions.md#last-known-screen). This file is the record's shape and the rules for when a
// saved screen may be shown; it is bundled into index.html's inline scripts and into the app.
import type { AuthState } from '../../data/db';

export const SNAPSHOT_KEY = 'member-pwa:last-screen';
export const SNAPSHOT_VERSION = 4;

/** restore-body.ts tells the app a link was tapped on the saved screen (window.__lastScreenTap). */
export const LAST_SCREEN_TAP = 'member:last-screen-tap';

/** Whose screen it is (member and facility): a tap on it is followed only for the same ones. */
export function screenOwner(auth: AuthState | undefined): string | null {
  return auth?.status === 'authenticated' && auth.profileId && auth.facilityGuid ? `${auth.profileId}@${auth.facilityGuid}` : null;
}

/** Each screen's markup has a key of its own: a visit reads only the one it shows, as a plain string. */
export function screenKey(path: string): string {
  return `${SNAPSHOT_KEY}:${path}`;
}

/** The build of the page's stylesheet, inlined into index.html by scripts/vite-last-screen.ts. */
export function pageBuild(doc: Document): string {
  return doc.querySelector<HTMLElement>('style[data-build]')?.dataset.build ?? '';
}
/** Older screens would show times and places too stale to be worth a flash of them. */
export const SNAPSHOT_MAX_AGE_MS = 12 * 60 * 60_000;
/** A few screens, each small: localStorage is synchronous and shared with the theme. */
export const SNAPSHOT_MAX_SCREENS = 4;
export const SNAPSHOT_MAX_CHARS = 200_000;

/** A saved screen in the record; its markup is stored under screenKey(path). */
export interface SavedScreen {
  /** pathname + search of the screen. */
  path: string;
  at: number;
  /**
   * The build's stylesheets its markup needs beyond index.html's inline one (the shell's and the
   * timetable's), linked before it is painted.
   */
  sheets?: string[];
}

/** A stylesheet of the build, as a saved screen may name it: the app's own assets only. */
const SHEET_PATH = /^\/assets\/[\w.-]+\.css$/;

/** The saved screen's stylesheets that restore-head.ts may link (anything else in storage is ignored). */
export function screenSheets(screen: SavedScreen): string[] {
  return Array.isArray(screen.sheets) ? screen.sheets.filter((sheet) => typeof sheet === 'string' && SHEET_PATH.test(sheet)) : [];
}

/** A stylesheet's path when it is one of the build's (SHEET_PATH), from the href a link resolved. */
export function buildSheetPath(href: string | null, origin: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, origin);
    return url.origin === origin && SHEET_PATH.test(url.pathname) ? url.pathname : null;
  } catch {
    return null;
  }
}

export interface SnapshotRecord {
  v: number;
  /** The build's stylesheet (index.html's style[data-build]): markup from another build may not match it. */
  build: string;
  /** The local calendar day it was taken: "today" on the timetable means that day. */
  day: string;
  lang: string;
  /** screenOwner of the member it showed. */
  who: string;
  screens: SavedScreen[];
}

/** Paths that open another screen straight away (the home screen's start URL opens the timetable). */
const SAME_SCREEN: Record<string, string> = { '/': '/classes', '/dashboard': '/classes' };

export function screenPath(pathname: string, search: string): string {
  return (SAME_SCREEN[pathname] ?? pathname) + search;
}

export function localDay(at: Date): string {
  return `${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
}

export function parseRecord(text: string | null): SnapshotRecord | null {
  if (!text) return null;
  try {
    const record = JSON.parse(text) as SnapshotRecord;
    return record && record.v === SNAPSHOT_VERSION && Array.isArray(record.screens) ? record : null;
  } catch {
    return null;
  }
}

/** The saved screen for this path, if it may be shown now with this build's stylesheet. */
export function screenToShow(record: SnapshotRecord | null, path: string, build: string, now: Date): SavedScreen | null {
  if (!record || record.build !== build || record.day !== localDay(now)) return null;
  const screen = record.screens.find((s) => s.path === path);
  if (!screen || now.getTime() - screen.at > SNAPSHOT_MAX_AGE_MS || screen.at > now.getTime()) return null;
  return screen;
}

/**
 * The record with this screen saved as the newest, and the paths of the screens it no longer
 * keeps (older ones beyond the few kept, or of another day, build, language or member): their markup goes.
 */
export function withScreen(record: SnapshotRecord | null, screen: SavedScreen, meta: Omit<SnapshotRecord, 'v' | 'screens'>): { record: SnapshotRecord; dropped: string[] } {
  const same = record && record.build === meta.build && record.day === meta.day && record.lang === meta.lang && record.who === meta.who;
  const others = (record?.screens ?? []).filter((s) => s.path !== screen.path);
  const kept = same ? others.slice(0, SNAPSHOT_MAX_SCREENS - 1) : [];
  const dropped = others.filter((s) => !kept.includes(s)).map((s) => s.path);
  return { record: { v: SNAPSHOT_VERSION, ...meta, screens: [screen, ...kept] }, dropped };
}
