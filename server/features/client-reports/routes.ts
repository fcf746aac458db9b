// POST /api/v1/client_reports  {errors, vitals} → 202 {accepted}   (core/contract/client-reports.ts)
//   Signed in or not: a signed-out page reports too. X-App-Id is required like every API call (the
//   CSRF guard; a page's fetch sets it). Limited per address, and per member when signed in (429).
//   Over CLIENT_REPORTS.maxBodyBytes: 413 (app.ts sets this route's body limit); malformed: 422.
//
// Staff (behind the /admin bearer token, server/features/admin/routes.ts):
//   GET /admin/errors[?release=R]      → 200 {release, groups: [{fingerprint, kind, message, count, first_seen,
//                                        last_seen, release, releases, browsers, routes, kinds, top_frame}]}
//                                        newest first, 200 at most; top_frame symbolicated where it can be
//   GET /admin/errors/{fingerprint}    → 200 {release, group: {..., stack: [frame]}}; 404 when there is none
//   GET /admin/vitals                  → 200 {vitals: [{route, release, name, p75, samples}]}
import { Hono } from 'hono';
import { clientReportBatch, type ClientReportsAccepted } from '../../../core/contract/client-reports';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { clientIp } from '../../http/request-info';
import { readJson } from '../../http/validate';
import { adminAuth } from '../admin/routes';
import { frameText } from './symbolicate';
import { vitalsSummary } from './vitals';

export function clientReportRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    const { reports } = c.get('deps');
    const auth = c.get('auth');
    // Counted before the body is read: a flood of bad batches is limited as much as good ones.
    const wait = await reports.limit(clientIp(c), auth?.profileId ?? null);
    if (wait !== null) throw new ApiError(429, 'rate_limited', 'Too many error reports. Please wait a while and send them again.', undefined, { 'Retry-After': String(wait) });
    const batch = await readJson(c, clientReportBatch);
    const { accepted } = await reports.receive(batch);
    return c.json({ accepted } satisfies ClientReportsAccepted, 202);
  });
  return routes;
}

const parseList = (text: string): string[] => {
  try {
    return JSON.parse(text) as string[];
  } catch {
    return [];
  }
};

const FINGERPRINT = /^[\w-]{1,64}$/;

export function errorAdminRoutes() {
  const routes = new Hono<AppEnv>();
  // Per route, not '*': mounted on /admin, a '*' guard would answer other admin paths' oversize
  // bodies with 401 before their own limit could answer 413.

  routes.get('/errors', adminAuth, async (c) => {
    const { db, reports } = c.get('deps');
    const release = c.req.query('release')?.trim();
    // Retention holds the groups to a few thousand: filtered here, where the JSON list is read.
    const all = await db.selectFrom('error_groups').selectAll().orderBy('last_seen', 'desc').orderBy('fingerprint').execute();
    // A group "of" a release is one seen on it.
    const rows = all.filter((row) => !release || parseList(row.releases).includes(release)).slice(0, 200);
    const groups = await Promise.all(
      rows.map(async (row) => {
        const [top] = await reports.symbolicator.frames(row.stack, row.release);
        return { ...present(row), top_frame: top ?? null };
      }),
    );
    return c.json({ release: await reports.symbolicator.release(), groups });
  });

  routes.get('/errors/:fingerprint', adminAuth, async (c) => {
    const { db, reports } = c.get('deps');
    const fingerprint = c.req.param('fingerprint');
    if (!FINGERPRINT.test(fingerprint)) throw notFound('The error group');
    const row = await db.selectFrom('error_groups').selectAll().where('fingerprint', '=', fingerprint).executeTakeFirst();
    if (!row) throw notFound('The error group');
    const stack = await reports.symbolicator.frames(row.stack, row.release);
    return c.json({ release: await reports.symbolicator.release(), group: { ...present(row), raw_stack: row.stack, stack, stack_text: stack.map(frameText) } });
  });

  routes.get('/vitals', adminAuth, async (c) => c.json({ vitals: await vitalsSummary(c.get('deps').db) }));
  return routes;
}

function present(row: { fingerprint: string; kind: string; message: string; count: number; first_seen: string; last_seen: string; release: string; browser: string; route: string; kinds: string; releases: string; browsers: string; routes: string }) {
  return {
    fingerprint: row.fingerprint,
    kind: row.kind,
    message: row.message,
    count: Number(row.count),
    first_seen: row.first_seen,
    last_seen: row.last_seen,
    release: row.release,
    browser: row.browser,
    route: row.route,
    kinds: parseList(row.kinds),
    releases: parseList(row.releases),
    browsers: parseList(row.browsers),
    routes: parseList(row.routes),
  };
}

