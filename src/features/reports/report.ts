// What the device stores for one error (issue 29, docs/rules.md#error-reports): the contract's
// report, scrubbed before it is stored (core/rules/error-scrub.ts) and stamped with the shared
// fingerprint (core/rules/error-fingerprint.ts). Used by the page and the service worker alike.
import { CLIENT_REPORTS } from '../../../core/limits';
import type { ClientErrorKind, ClientErrorReport } from '../../../core/contract/client-reports';
import { scrubReport } from '../../../core/rules/error-scrub';
import { errorFingerprint } from '../../../core/rules/error-fingerprint';
import { newEntryId } from '../../data/sync/outbox';
import { RELEASE } from './release';

/** What the capture knows of one error, before it is scrubbed. */
export interface CapturedError {
  kind: ClientErrorKind;
  message: string;
  stack: string | null;
  /** The route's template (routeTemplate), never the path. */
  route: string;
  locale: string;
  online: boolean;
  browser: string;
  /** Epoch ms of the first time. */
  at: number;
  /** Times it happened before it reached the store (repeats counted in memory). */
  count?: number;
}

export interface ReportOptions {
  /**
   * Personal words to take out wherever they appear: the member's name and email, and what is
   * typed in the page's fields at the moment of the error.
   */
  personal?: readonly (string | null | undefined)[];
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The message a thrown value gives, whatever was thrown. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
  if (typeof thrown === 'string') return thrown;
  if (thrown && typeof thrown === 'object') return Object.prototype.toString.call(thrown);
  return String(thrown);
}

export function stackOf(thrown: unknown): string | null {
  return thrown instanceof Error && typeof thrown.stack === 'string' ? thrown.stack : null;
}

/**
 * The report to store: scrubbed first (cut to the contract's sizes again after, as a replacement
 * may be longer than what it replaced), then fingerprinted from the scrubbed text, which is what
 * the server sees.
 */
export function buildErrorReport(captured: CapturedError, options: ReportOptions = {}): ClientErrorReport {
  const scrubbed = scrubReport(
    { message: cut(captured.message, CLIENT_REPORTS.messageMax * 2), stack: captured.stack === null ? null : cut(captured.stack, CLIENT_REPORTS.stackMax * 2), route: captured.route },
    { personal: options.personal },
  );
  const message = cut(scrubbed.message, CLIENT_REPORTS.messageMax) || captured.kind;
  const stack = scrubbed.stack === null ? null : cut(scrubbed.stack, CLIENT_REPORTS.stackMax);
  return {
    id: newEntryId(),
    kind: captured.kind,
    message,
    stack,
    fingerprint: errorFingerprint({ kind: captured.kind, message, stack }),
    release: cut(RELEASE, 64),
    route: cut(scrubbed.route, 120),
    locale: cut(captured.locale, 16),
    online: captured.online,
    browser: cut(captured.browser, 64),
    at: new Date(captured.at).toISOString(),
    count: Math.min(Math.max(1, captured.count ?? 1), 1_000_000),
  };
}
