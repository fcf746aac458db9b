// Where error reports and vitals are kept (issue 29): groups by fingerprint, each report id once,
// vital samples. Everything stored is scrubbed here again, whatever the device did, and nothing
// names a member: no member, account or address is stored with a report.
import type { Kysely } from 'kysely';
import type { ClientErrorReport, WebVitalSample } from '../../../core/contract/client-reports';
import { CLIENT_REPORTS } from '../../../core/limits';
import { errorFingerprint } from '../../../core/rules/error-fingerprint';
import { scrubText } from '../../../core/rules/error-scrub';
import { writeTransaction } from '../../db/index';
import type { Database } from '../../db/schema';

/** Distinct releases, browsers, routes and kinds kept per group (the newest). */
export const GROUP_LIST_MAX = 20;

/** What a group is made of once scrubbed: a device's report or one of the server's own errors. */
export interface ScrubbedReport {
  kind: string;
  message: string;
  stack: string | null;
  release: string;
  browser: string;
  route: string;
  count: number;
}

// A concrete id that slipped into a route (/classes/812, /reset/3f2b…): the template's :id instead.
const ID_SEGMENT = /\/(?:\d+|[0-9a-f]{8}-[0-9a-f-]{27}|\[token\])(?=\/|$)/gi;

/** The route as a template, scrubbed: numbers and ids in its segments become :id. */
export function routeTemplate(route: string): string {
  return scrubText(route.split(/[?#]/)[0] ?? '').replace(ID_SEGMENT, '/:id').slice(0, 120);
}

/** A report as stored: scrubbed again (message, stack, route, and the short fields, in case). */
export function scrubForStore(report: Omit<ScrubbedReport, 'route'> & { route: string }): ScrubbedReport {
  return {
    kind: report.kind,
    message: scrubText(report.message).slice(0, CLIENT_REPORTS.messageMax),
    stack: report.stack === null ? null : scrubText(report.stack).slice(0, CLIENT_REPORTS.stackMax),
    release: scrubText(report.release).slice(0, 64),
    browser: scrubText(report.browser).slice(0, 64),
    route: routeTemplate(report.route),
    count: report.count,
  };
}

/** The fingerprint the server groups by: the shared rule over the scrubbed report (a device's own is not trusted). */
export const fingerprintOf = (report: ScrubbedReport) => errorFingerprint(report);

function addTo(list: string[], value: string): string[] {
  const without = list.filter((v) => v !== value);
  without.push(value);
  return without.slice(-GROUP_LIST_MAX);
}

function parseList(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

interface GroupDelta {
  fingerprint: string;
  sample: ScrubbedReport;
  count: number;
  kinds: string[];
  releases: string[];
  browsers: string[];
  routes: string[];
}

function deltas(reports: readonly ScrubbedReport[]): GroupDelta[] {
  const byFingerprint = new Map<string, GroupDelta>();
  for (const report of reports) {
    const fingerprint = fingerprintOf(report);
    const delta = byFingerprint.get(fingerprint) ?? { fingerprint, sample: report, count: 0, kinds: [], releases: [], browsers: [], routes: [] };
    delta.sample = report;
    delta.count += report.count;
    delta.kinds = addTo(delta.kinds, report.kind);
    delta.releases = addTo(delta.releases, report.release);
    delta.browsers = addTo(delta.browsers, report.browser);
    delta.routes = addTo(delta.routes, report.route);
    byFingerprint.set(fingerprint, delta);
  }
  // Always in fingerprint order: two batches touching the same groups lock them in the same order.
  return [...byFingerprint.values()].sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
}

/** Adds reports to their groups inside a transaction (the newest report becomes the sample). */
async function addToGroups(trx: Kysely<Database>, reports: readonly ScrubbedReport[], at: string): Promise<void> {
  for (const delta of deltas(reports)) {
    const { sample } = delta;
    // The upsert adds the count atomically and holds the row's lock until commit, so the lists
    // read next are this transaction's to merge.
    await trx
      .insertInto('error_groups')
      .values({
        fingerprint: delta.fingerprint,
        kind: sample.kind,
        message: sample.message,
        stack: sample.stack,
        release: sample.release,
        browser: sample.browser,
        route: sample.route,
        count: delta.count,
        kinds: JSON.stringify(delta.kinds),
        releases: JSON.stringify(delta.releases),
        browsers: JSON.stringify(delta.browsers),
        routes: JSON.stringify(delta.routes),
        first_seen: at,
        last_seen: at,
      })
      .onConflict((oc) =>
        oc.column('fingerprint').doUpdateSet((eb) => ({
          count: eb('error_groups.count', '+', delta.count),
          message: sample.message,
          stack: sample.stack,
          release: sample.release,
          browser: sample.browser,
          route: sample.route,
          last_seen: at,
        })),
      )
      .execute();
    const row = await trx.selectFrom('error_groups').select(['kinds', 'releases', 'browsers', 'routes']).where('fingerprint', '=', delta.fingerprint).executeTakeFirstOrThrow();
    const merge = (stored: string, added: string[]) => JSON.stringify(added.reduce(addTo, parseList(stored)));
    await trx
      .updateTable('error_groups')
      .set({ kinds: merge(row.kinds, delta.kinds), releases: merge(row.releases, delta.releases), browsers: merge(row.browsers, delta.browsers), routes: merge(row.routes, delta.routes) })
      .where('fingerprint', '=', delta.fingerprint)
      .execute();
  }
}

/** Claims ids not received before; answers those that are new (each id counts once, ever while kept). */
async function claimIds(trx: Kysely<Database>, ids: readonly string[], at: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sorted = [...new Set(ids)].sort();
  const rows = await trx
    .insertInto('client_report_ids')
    .values(sorted.map((id) => ({ id, received_at: at })))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface ReceivedBatch {
  errors: readonly ClientErrorReport[];
  vitals: readonly WebVitalSample[];
}

/**
 * Stores a batch from a device: the reports and vitals whose ids are new, in one transaction.
 * Answers them (the new reports, scrubbed, for forwarding) and how many were accepted.
 */
export async function receiveBatch(db: Kysely<Database>, batch: ReceivedBatch, now: Date): Promise<{ accepted: number; newErrors: (ScrubbedReport & { fingerprint: string; source: ClientErrorReport })[] }> {
  const at = now.toISOString();
  return writeTransaction(
    db,
    async (trx) => {
      // Error and vital ids are kept apart: a device could in principle reuse one across the two.
      const fresh = await claimIds(trx, [...batch.errors.map((e) => `e:${e.id}`), ...batch.vitals.map((v) => `v:${v.id}`)], at);
      const seen = new Set<string>();
      const newErrors = batch.errors
        .filter((e) => fresh.has(`e:${e.id}`) && !seen.has(e.id) && seen.add(e.id))
        .map((source) => {
          const scrubbed = scrubForStore(source);
          return { ...scrubbed, fingerprint: fingerprintOf(scrubbed), source };
        });
      const newVitals = batch.vitals.filter((v) => fresh.has(`v:${v.id}`) && !seen.has(`v:${v.id}`) && seen.add(`v:${v.id}`));
      await addToGroups(trx, newErrors, at);
      if (newVitals.length > 0) {
        await trx
          .insertInto('web_vitals')
          .values(newVitals.map((v) => ({ name: v.name, value: v.value, route: routeTemplate(v.route), release: scrubText(v.release).slice(0, 64), at: new Date(v.at).toISOString(), received_at: at })))
          .execute();
      }
      return { accepted: newErrors.length + newVitals.length, newErrors };
    },
    'read committed',
  );
}

/** Stores one of the server's own errors (kind 'server') in its group; answers the group's fingerprint. */
export async function recordServerError(db: Kysely<Database>, report: ScrubbedReport, now: Date): Promise<string> {
  await writeTransaction(db, (trx) => addToGroups(trx, [report], now.toISOString()), 'read committed');
  return fingerprintOf(report);
}
