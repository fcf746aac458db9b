// A place in this app to go to (a redirect after a card challenge, a notification's screen): a
// path on the app's own origin, never another site. A prefix check is not enough: browsers drop
// tabs and line breaks inside a URL and read a backslash as a slash, so "/\t/evil.example/" leads
// to another host. So: one leading slash, no control characters nor backslashes, and resolved
// with URL it must stay on the origin it was resolved against.

const BASE = 'https://app.invalid';
const MAX_LENGTH = 2048;

/** The path as a URL writes it (safe for a Location header), or null when it is not a place in this app. */
export function appPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\p{Cc}\\]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}

export const isAppPath = (value: unknown): value is string => appPath(value) !== null;
