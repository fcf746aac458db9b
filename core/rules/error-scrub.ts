// An error report carries nothing personal (issue 29; docs/decisions.md#error-reports): no email,
// name, token, cookie, password or card number, whatever the message or stack happened to contain.
// Pure and shared: the device scrubs a report before it stores it, the server scrubs again what it
// receives (and its own errors) with the same rule. What it keeps is what staff need to find the
// bug: the words of the message, file names, lines and columns (so stacks still map to sources).
// It over-redacts rather than under-redacts: a 13-digit timestamp reads as a card, a UUID as a token.

/** What each kind of personal data is replaced with. */
export const SCRUBBED = {
  email: '[email]',
  token: '[token]',
  card: '[card]',
  name: '[name]',
  secret: '[redacted]',
  query: '[query]',
  fragment: '[fragment]',
} as const;

export interface ScrubOptions {
  /**
   * The member's own name (full, first, last) and email when known: replaced wherever they appear
   * as whole words, in any case (outside URLs, whose file names must stay readable). Entries
   * shorter than 2 characters are ignored.
   */
  personal?: readonly (string | null | undefined)[];
}

// Header-like secrets: the rest of the value (to the end of the line or a closing quote) goes.
const HEADER_SECRET = /\b(cookie|set-cookie|authorization|proxy-authorization|x-api-key|x-auth-token|x-csrf-token)(["']?\s*[:=]\s*["']?)[^\r\n"'`]*/gi;

// key=value and "key": "value" pairs whose value is a secret; an already redacted value is left.
const PAIR_SECRET =
  /\b(password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|id_token|auth_token|session_?id|session_?token|sid|api_?key|csrf_?token|xsrf_?token|card_?number|cvc|cvv)(["']?\s*[:=]\s*)(?!["']?\[redacted\])("[^"]*"|'[^']*'|[^\s&;,"')}\]]+)/gi;

// Absolute URLs: scheme://[userinfo@]rest, then an optional query and fragment.
const ABSOLUTE_URL = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)([^\s/?#"'<>()[\]{}@]*@)?([^\s?#"'<>()[\]{}]*)(\?[^\s#"'<>()[\]{}]*)?(#[^\s"'<>()[\]{}]*)?/gi;
// Relative paths with a query (GET /api/v1/sessions?from=… failed).
const RELATIVE_QUERY = /(^|[\s"'(=,])(\/[^\s?#"'<>()[\]{}]*)(\?[^\s#"'<>()[\]{}]*)/g;
// A stack frame's :line:column after a URL stays (it is no part of the query).
const POSITION = /(?::\d+){1,2}$/;

const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
const BEARER = /\b(Bearer)\s+[\w\-.~+/]{8,}=*/gi;
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
// 13 to 19 digits, single spaces or dashes allowed between them (4242 4242 4242 4242).
const CARD = /(?<![\d.])(?:\d[ -]?){12,18}\d(?!\d)/g;
// Code files keep their hashed names (index-Bx7dK2pQ.js): a token is never followed by one of these.
const CODE_FILE = String.raw`(?!\.(?:m?js|cjs|jsx|tsx?|css|map|html?|json|wasm|webmanifest)\b)`;
// base64url and hex runs of 24+ with a digit and a letter (session ids, API keys, UUIDs, hashes).
const URLSAFE_TOKEN = new RegExp(String.raw`(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}(?![\w-])${CODE_FILE}`, 'g');
// Standard base64 runs of 20+ that show it (a + or = padding), with a digit and a letter.
const BASE64_TOKEN = /(?<![\w+/=])(?=[\w+/]*[+=])(?=[\w+/]*\d)(?=[\w+/]*[A-Za-z])[\w+/]{20,}={0,2}(?![\w+/=])/g;
// Words of the text: one with a slash is a URL or a path, where a personal name is not looked for.
const WORD = /\S+/g;

function scrubUrl(_match: string, scheme: string, userinfo: string | undefined, rest: string, query: string | undefined, fragment: string | undefined): string {
  // A frame's position ends whichever part comes last; it is kept.
  const last = fragment ?? query;
  const position = last ? (POSITION.exec(last)?.[0] ?? '') : '';
  const withoutPosition = (part: string) => (part === last ? part.slice(0, part.length - position.length) : part);
  let out = scheme + (userinfo ? `${SCRUBBED.secret}@` : '') + rest;
  // An empty one is left as it is: it is what a scrubbed one reads as ("?" before "[query]").
  if (query) out += withoutPosition(query) === '?' ? '?' : `?${SCRUBBED.query}`;
  if (fragment) out += withoutPosition(fragment) === '#' ? '#' : `#${SCRUBBED.fragment}`;
  return out + position;
}

function scrubRelativeQuery(_match: string, before: string, path: string, query: string): string {
  const position = POSITION.exec(query)?.[0] ?? '';
  return query.length === position.length + 1 ? before + path + query : `${before}${path}?${SCRUBBED.query}${position}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The member's own words to take out, longest first (a full name before its parts). */
function personalPatterns(personal: ScrubOptions['personal']): RegExp | null {
  const words = new Set<string>();
  for (const entry of personal ?? []) {
    const value = entry?.trim();
    if (!value) continue;
    for (const part of [value, ...value.split(/\s+/)]) if ([...part].length >= 2) words.add(part);
  }
  if (words.size === 0) return null;
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

function scrubNames(text: string, pattern: RegExp): string {
  // Names are replaced between URLs and paths, never inside them.
  let out = '';
  let from = 0;
  for (const match of text.matchAll(WORD)) {
    if (!match[0].includes('/')) continue;
    out += text.slice(from, match.index).replace(pattern, SCRUBBED.name) + match[0];
    from = match.index + match[0].length;
  }
  return out + text.slice(from).replace(pattern, SCRUBBED.name);
}

/**
 * The text without personal data: secrets in headers and key=value pairs, credentials and query
 * strings of URLs, JWTs and bearer tokens, emails, long tokens, card-like digit runs and the
 * member's own name. Scrubbing twice changes nothing more.
 */
export function scrubText(text: string, options: ScrubOptions = {}): string {
  // URLs first: a secret in a query string goes with the whole query.
  let out = text
    .replace(ABSOLUTE_URL, scrubUrl)
    .replace(RELATIVE_QUERY, scrubRelativeQuery)
    .replace(HEADER_SECRET, (_m, name: string) => `${name}: ${SCRUBBED.secret}`)
    .replace(PAIR_SECRET, (_m, key: string, separator: string, value: string) => {
      const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : '';
      return `${key}${separator}${quote}${SCRUBBED.secret}${quote}`;
    })
    .replace(JWT, SCRUBBED.token)
    .replace(BEARER, (_m, word: string) => `${word} ${SCRUBBED.token}`)
    .replace(EMAIL, SCRUBBED.email)
    // Standard base64 first: its + / = would cut a base64url run short and leave a tail.
    .replace(BASE64_TOKEN, SCRUBBED.token)
    .replace(URLSAFE_TOKEN, SCRUBBED.token)
    .replace(CARD, SCRUBBED.card);
  const names = personalPatterns(options.personal);
  if (names) out = scrubNames(out, names);
  return out;
}

/** A report's free text scrubbed: its message, its stack and its route (which should be a template already). */
export function scrubReport<T extends { message: string; stack: string | null; route: string }>(report: T, options: ScrubOptions = {}): T {
  return {
    ...report,
    message: scrubText(report.message, options),
    stack: report.stack === null ? null : scrubText(report.stack, options),
    route: scrubText(report.route, options),
  };
}
