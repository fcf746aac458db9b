// Error reports and real-user speed from members' devices (SPEC §1 "error reporting"):
//   POST /api/v1/client_reports {errors, vitals}   signed in or not; 202 {accepted}
// The device keeps reports in IndexedDB until sent and sends them in batches. Each report and each
// vital carries an id made on the device: the server stores each id once, so a batch sent again
// (an answer lost, the service worker and a tab both sending) counts nothing twice. Nothing in a
// report is personal: the device scrubs messages and stacks before storing them
// (core/rules/error-scrub.ts), and the server scrubs again.
import * as z from 'zod/mini';
import { iso } from './common';
import { CLIENT_REPORTS } from '../limits';

export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render', 'service_worker', 'replay', 'csp'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

const reportId = z.string().check(z.regex(/^[\w-]{8,64}$/));
const short = (max: number) => z.string().check(z.maxLength(max));

export const clientErrorReport = z.object({
  /** Made on the device (a UUID); the server keeps each once. */
  id: reportId,
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: short(CLIENT_REPORTS.messageMax),
  /** Minified frames as the browser wrote them; the server maps them to sources for staff. */
  stack: z.nullable(short(CLIENT_REPORTS.stackMax)),
  /** Groups repeats: kind, message with numbers and ids taken out, and the top frame. */
  fingerprint: short(64),
  /** The app's version and build id, e.g. 7.5.2+a1b2c3d. */
  release: short(64),
  /** The route's template (/classes/:id), never a concrete path. */
  route: short(120),
  locale: short(16),
  online: z.boolean(),
  /** Browser family and major version, e.g. "Chrome 156". */
  browser: short(64),
  /** When it first happened on the device. */
  at: iso,
  /** How many times it happened on the device before it was sent (repeats are counted, not stored again). */
  count: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const WEB_VITALS = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof WEB_VITALS)[number];

export const webVitalSample = z.object({
  id: reportId,
  name: z.enum(WEB_VITALS),
  /** Milliseconds for LCP and INP; the unitless layout-shift score for CLS. */
  value: z.number().check(z.minimum(0), z.maximum(600_000)),
  route: short(120),
  release: short(64),
  at: iso,
});
export type WebVitalSample = z.infer<typeof webVitalSample>;

export const clientReportBatch = z.object({
  errors: z.array(clientErrorReport).check(z.maxLength(CLIENT_REPORTS.maxErrors)),
  vitals: z.array(webVitalSample).check(z.maxLength(CLIENT_REPORTS.maxVitals)),
});
export type ClientReportBatch = z.infer<typeof clientReportBatch>;

/** 202: how many of the batch's reports and vitals were new (the rest had been received before). */
export const clientReportsAccepted = z.object({ accepted: z.number() });
export type ClientReportsAccepted = z.infer<typeof clientReportsAccepted>;
