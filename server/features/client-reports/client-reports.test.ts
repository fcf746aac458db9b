import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientErrorReport, WebVitalSample } from '../../../core/contract/client-reports';
import { errorFingerprint } from '../../../core/rules/error-fingerprint';
import { runCli, type CliEnv } from '../admin/cli';
import { ALEX, json, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

// Error reports and vitals from devices (issue 29), on SQLite and (TEST_PG=1) PostgreSQL.

const RELEASE = '7.5.2+test123';
const HOST = 'https://members.example.com';

function report(overrides: Partial<ClientErrorReport> = {}): ClientErrorReport {
  return {
    id: randomUUID(),
    kind: 'error',
    message: 'TypeError: x is undefined',
    stack: `TypeError: x is undefined\n    at Ke (${HOST}/assets/index-Bx7dK2pQ.js:1:2345)`,
    fingerprint: 'device-made',
    release: RELEASE,
    route: '/classes/:id',
    locale: 'en-GB',
    online: true,
    browser: 'Chrome 156',
    at: '2026-05-01T10:00:00.000Z',
    count: 1,
    ...overrides,
  };
}

function vital(overrides: Partial<WebVitalSample> = {}): WebVitalSample {
  return { id: randomUUID(), name: 'LCP', value: 2000, route: '/classes', release: RELEASE, at: '2026-05-01T10:00:00.000Z', ...overrides };
}

const send = (server: { url: string }, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/client_reports`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-App-Id': 'member-pwa', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const adminGet = (server: TestServer, p: string) => fetch(`${server.url}${p}`, { headers: { Authorization: `Bearer ${server.running.adminToken}` } });

async function groupOf(server: TestServer, fingerprint: string) {
  return server.running.db.selectFrom('error_groups').selectAll().where('fingerprint', '=', fingerprint).executeTakeFirst();
}

const fingerprintOf = (r: ClientErrorReport) => errorFingerprint({ kind: r.kind, message: r.message, stack: r.stack });

/** `npm run admin -- …` against the test server; answers its exit code and output. */
async function admin(server: TestServer, args: string[]) {
  const out: string[] = [];
  const io: CliEnv = { env: { ADMIN_URL: server.url, ADMIN_TOKEN: server.running.adminToken }, cwd: server.dir, fetch, out: (l) => out.push(l), err: (l) => out.push(l) };
  const code = await runCli(args, io);
  return { code, text: out.join('\n') };
}

describe('POST /api/v1/client_reports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ reportRateLimit: { perAddress: 10_000, perMember: 10_000 } });
  });
  afterAll(() => server.close());

  it('accepts each report and vital once, signed out, and adds counts up in their group', async () => {
    const a = report({ count: 3 });
    const b = report({ message: 'TypeError: x is undefined', count: 2 });
    const batch = { errors: [a, b], vitals: [vital()] };
    const first = await send(server, batch);
    expect(first.status).toBe(202);
    expect(await json(first)).toEqual({ accepted: 3 });
    // The same batch again (an answer lost): nothing counts twice.
    expect(await json(await send(server, batch))).toEqual({ accepted: 0 });
    // One new report among old ones counts alone.
    expect(await json(await send(server, { errors: [a, report({ count: 4 })], vitals: [] }))).toEqual({ accepted: 1 });
    const group = await groupOf(server, fingerprintOf(a));
    expect(Number(group?.count)).toBe(9);
    expect(await server.running.db.selectFrom('web_vitals').select('id').execute()).toHaveLength(1);
  });

  it('groups messages that differ in numbers and ids, keeps lists of releases, browsers, routes and kinds', async () => {
    const one = report({ kind: 'replay', message: 'POST /api/v1/visits answered 500 for class 812', stack: null, browser: 'Firefox 140', route: '/classes/812' });
    const two = report({ kind: 'replay', message: 'POST /api/v1/visits answered 500 for class 913', stack: null, release: '7.5.1+old0000', browser: 'Safari 19' });
    expect(await json(await send(server, { errors: [one, two], vitals: [] }))).toEqual({ accepted: 2 });
    const group = await groupOf(server, fingerprintOf(one));
    expect(group).toMatchObject({ kind: 'replay', count: 2 });
    expect(JSON.parse(group?.releases ?? '[]')).toEqual([RELEASE, '7.5.1+old0000']);
    expect(JSON.parse(group?.browsers ?? '[]')).toEqual(['Firefox 140', 'Safari 19']);
    // A concrete id in a route is stored as the template's :id.
    expect(JSON.parse(group?.routes ?? '[]')).toEqual(['/classes/:id']);
    const other = report({ kind: 'replay', message: 'POST /api/v1/visits timed out', stack: null });
    await send(server, { errors: [other], vitals: [] });
    expect(fingerprintOf(other)).not.toBe(fingerprintOf(one));
    expect(await groupOf(server, fingerprintOf(other))).toMatchObject({ count: 1 });
  });

  it('takes out an email, a token and a card number the device left in a message or stack', async () => {
    const leaky = report({
      message: 'Error: no account for mere.tane@studio.co.nz with card 4242 4242 4242 4242 and Bearer q0Z7bX1vYf2Lk9PqR3sT5uVwXyZaBcDeFgHiJkLmNoP',
      stack: `Error: failed\n    at send (${HOST}/assets/index-Bx7dK2pQ.js?token=q0Z7bX1vYf2Lk9PqR3sT5uVwXyZaBcDeFgHiJkLmNoP:1:20)`,
    });
    expect(await json(await send(server, { errors: [leaky], vitals: [] }))).toEqual({ accepted: 1 });
    const rows = await server.running.db.selectFrom('error_groups').select(['message', 'stack']).execute();
    const text = JSON.stringify(rows);
    for (const personal of ['mere.tane', 'studio.co.nz', '4242 4242', 'q0Z7bX1vYf2Lk9PqR3sT5uVwXyZaBcDeFgHiJkLmNoP']) expect(text).not.toContain(personal);
    expect(text).toContain('no account for [email] with card [card] and Bearer [token]');
  });

  it('is open to a signed-in member too', async () => {
    const alex = await signedIn(server, ALEX);
    const res = await alex.request('/api/v1/client_reports', { method: 'POST', json: { errors: [report({ message: 'signed in' })], vitals: [] } });
    expect(res.status).toBe(202);
  });

  it('refuses a malformed batch with 422, one over the size limit with 413, and one without X-App-Id', async () => {
    const bad = await send(server, { errors: [{ ...report(), kind: 'nonsense' }], vitals: [] });
    expect(bad.status).toBe(422);
    expect(await json(bad)).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ path: 'errors.0.kind' })] });
    expect((await send(server, { errors: [report({ count: 0 })], vitals: [] })).status).toBe(422);
    expect((await send(server, { errors: Array.from({ length: 101 }, () => report()), vitals: [] })).status).toBe(422);
    expect((await send(server, '{"errors": [')).status).toBe(400);
    const big = await send(server, { errors: [], vitals: [], padding: 'x'.repeat(300 * 1024) });
    expect(big.status).toBe(413);
    expect(await json(big)).toMatchObject({ code: 'payload_too_large' });
    // Larger than other API bodies (64 KB) but within the reports' limit: accepted.
    const long = Array.from({ length: 40 }, () => report({ message: 'm'.repeat(1000), stack: `Error\n${'    at f (https://x.example/a.js:1:1)\n'.repeat(60)}` }));
    expect(JSON.stringify({ errors: long, vitals: [] }).length).toBeGreaterThan(100 * 1024);
    expect((await send(server, { errors: long, vitals: [] })).status).toBe(202);
    // The CSRF guard every API call has: a cross-site form cannot set the header.
    expect((await send(server, { errors: [], vitals: [] }, { 'X-App-Id': '' })).status).toBe(400);
  });

  it('stays bounded under a flood of 1,000 reports and keeps answering', async () => {
    const before = await server.running.db.selectFrom('error_groups').select('fingerprint').execute();
    let accepted = 0;
    for (let batch = 0; batch < 10; batch++) {
      const errors = Array.from({ length: 100 }, (_, i) => report({ kind: 'error', message: `RangeError: loop ${batch * 100 + i} went too far`, stack: null }));
      const [res, health] = await Promise.all([send(server, { errors, vitals: [] }), fetch(`${server.url}/healthz`)]);
      expect(res.status).toBe(202);
      expect(health.status).toBe(200);
      accepted += (await json<{ accepted: number }>(res)).accepted;
    }
    expect(accepted).toBe(1000);
    // A thousand repeats are one group counted 1,000 times, not a thousand rows.
    const after = await server.running.db.selectFrom('error_groups').select('fingerprint').execute();
    expect(after.length - before.length).toBe(1);
    expect(await groupOf(server, fingerprintOf(report({ message: 'RangeError: loop 1 went too far', stack: null })))).toMatchObject({ count: 1000 });
  });
});

describe('client report limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ reportRateLimit: { perAddress: 4, perMember: 2 } });
  });
  afterAll(() => server.close());

  it('limits batches per member, then per address, with 429 and Retry-After', async () => {
    const alex = await signedIn(server, ALEX);
    const post = () => alex.request('/api/v1/client_reports', { method: 'POST', json: { errors: [], vitals: [] } });
    expect((await post()).status).toBe(202);
    expect((await post()).status).toBe(202);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await json(limited)).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Signed out from the same address: the address's own limit (4, three already counted).
    expect((await send(server, { errors: [], vitals: [] })).status).toBe(202);
    expect((await send(server, { errors: [], vitals: [] })).status).toBe(429);
  });
});

describe('retention of error reports and vitals', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ reportRetention: { days: 30, maxGroups: 2, maxIds: 1000, maxVitals: 1000 } });
  });
  afterAll(() => server.close());

  it('drops groups, ids and vitals older than the limit, and the oldest groups beyond the row limit', async () => {
    const { db } = server.running;
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    const group = (fingerprint: string, at: string) => ({ fingerprint, kind: 'error', message: 'm', stack: null, release: RELEASE, browser: 'b', route: '/', count: 1, kinds: '[]', releases: '[]', browsers: '[]', routes: '[]', first_seen: at, last_seen: at });
    const recent = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await db.insertInto('error_groups').values([group('old', old), group('g1', recent(3)), group('g2', recent(2)), group('g3', recent(1))]).execute();
    await db.insertInto('client_report_ids').values([{ id: 'e:old', received_at: old }, { id: 'e:new', received_at: recent(1) }]).execute();
    await db.insertInto('web_vitals').values([{ name: 'LCP', value: 1, route: '/', release: RELEASE, at: old, received_at: old }, { name: 'LCP', value: 1, route: '/', release: RELEASE, at: recent(1), received_at: recent(1) }]).execute();
    expect(await server.running.runReportRetention()).toEqual({ groups: 2, ids: 1, vitals: 1 });
    expect((await db.selectFrom('error_groups').select('fingerprint').orderBy('fingerprint').execute()).map((r) => r.fingerprint)).toEqual(['g2', 'g3']);
    expect((await db.selectFrom('client_report_ids').select('id').execute()).map((r) => r.id)).toEqual(['e:new']);
    expect(await db.selectFrom('web_vitals').select('id').execute()).toHaveLength(1);
  });
});

describe('the server\'s own errors, symbolicated stacks and staff reading them', () => {
  let server: TestServer;
  let sentry: http.Server;
  const envelopes: { url: string; auth: string; body: string }[] = [];
  let minifiedStack = '';

  beforeAll(async () => {
    sentry = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        envelopes.push({ url: req.url ?? '', auth: String(req.headers['x-sentry-auth']), body });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    const dsn = `http://publickey@127.0.0.1:${(sentry.address() as AddressInfo).port}/42`;
    server = await startTestServer({ sentryDsn: dsn, reportRateLimit: { perAddress: 10_000, perMember: 10_000 } });

    // A real minified bundle with a hidden map, in the server's dist, of the running release.
    const dist = path.join(server.dir, 'dist');
    await fs.mkdir(path.join(server.dir, 'src'), { recursive: true });
    await fs.writeFile(path.join(server.dir, 'src', 'boom.ts'), ['export function explode(n: number): number {', '  if (n > 0) {', "    throw new TypeError('x is undefined');", '  }', '  return n;', '}', ''].join('\n'));
    await build({ entryPoints: [path.join(server.dir, 'src', 'boom.ts')], outfile: path.join(dist, 'assets', 'boom-Ab3dE5g7.js'), bundle: true, minify: true, format: 'esm', sourcemap: 'external', logLevel: 'silent' });
    await fs.writeFile(path.join(dist, 'release.txt'), `${RELEASE}\n`);
    const module = (await import(pathToFileURL(path.join(dist, 'assets', 'boom-Ab3dE5g7.js')).href)) as { explode(n: number): number };
    try {
      module.explode(1);
    } catch (error) {
      // As a browser would write it: the script's URL, not the file on this disk.
      minifiedStack = String((error as Error).stack).replaceAll(pathToFileURL(dist).href, HOST).replaceAll(dist, HOST).split('\n').slice(0, 2).join('\n');
    }
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => sentry.close(resolve));
  });

  it('maps a minified frame of the running release to its source file and line; other releases as sent', async () => {
    expect(minifiedStack).toMatch(/boom-Ab3dE5g7\.js:1:\d+/);
    const mine = report({ kind: 'render', message: 'TypeError: x is undefined', stack: minifiedStack });
    const older = report({ kind: 'render', message: 'TypeError: y is undefined', stack: minifiedStack, release: '7.5.1+old0000' });
    await send(server, { errors: [mine, older], vitals: [vital({ value: 1000 }), vital({ value: 3000 }), vital({ name: 'CLS', value: 0.1 })] });
    const list = await json<{ release: string; groups: { fingerprint: string; top_frame: Record<string, unknown> }[] }>(await adminGet(server, '/admin/errors'));
    expect(list.release).toBe(RELEASE);
    const top = list.groups.find((g) => g.fingerprint === fingerprintOf(mine))?.top_frame;
    expect(top).toMatchObject({ file: 'src/boom.ts', line: 3, symbolicated: true });
    expect(list.groups.find((g) => g.fingerprint === fingerprintOf(older))?.top_frame).toMatchObject({ file: `${HOST}/assets/boom-Ab3dE5g7.js`, line: 1, symbolicated: false });
    expect((await adminGet(server, `/admin/errors/${fingerprintOf(mine)}`)).status).toBe(200);
    expect((await adminGet(server, '/admin/errors/0000000000000000')).status).toBe(404);
    expect((await fetch(`${server.url}/admin/errors`)).status).toBe(401);
    // The maps themselves are never served.
    expect((await fetch(`${server.url}/assets/boom-Ab3dE5g7.js.map`)).status).toBe(404);

    // npm run admin -- errors: a table, newest first, its top frame at the source.
    const table = await admin(server, ['errors']);
    expect(table.code).toBe(0);
    const lines = table.text.split('\n');
    expect(lines[0]).toMatch(/^FINGERPRINT\s+COUNT\s+LAST SEEN\s+KIND\s+MESSAGE\s+TOP FRAME$/);
    expect(table.text).toMatch(new RegExp(`^${fingerprintOf(mine)}\\s+1\\s+\\S+Z\\s+render\\s+"TypeError: x is undefined"\\s+at \\S* ?\\(?src/boom\\.ts:3:\\d+\\)?$`, 'm'));
    expect(table.text).toContain('[unsymbolicated]');
    const byRelease = await admin(server, ['errors', '--release', '7.5.1+old0000']);
    expect(byRelease.text).toContain(fingerprintOf(older));
    expect(byRelease.text).not.toContain(fingerprintOf(mine));
    const one = await admin(server, ['errors', fingerprintOf(mine)]);
    expect(one.text).toContain(`Error group ${fingerprintOf(mine)} (render): 1 time(s)`);
    expect(one.text).toMatch(/^ {4}at .*src\/boom\.ts:3:\d+\)?$/m);
    const vitals = await admin(server, ['vitals']);
    expect(vitals.text.split('\n')[0]).toMatch(/^ROUTE\s+RELEASE\s+LCP p75 \(n\)\s+INP p75 \(n\)\s+CLS p75 \(n\)$/);
    expect(vitals.text).toMatch(new RegExp(`^/classes\\s+${RELEASE.replace('+', '\\+')}\\s+3000 ms \\(2\\)\\s+–\\s+0\\.100 \\(1\\)$`, 'm'));
  });

  it('forwards each new report to Sentry as an envelope, after the answer', async () => {
    const r = report({ kind: 'error', message: 'TypeError: forwarded once', stack: minifiedStack, route: '/bookings', locale: 'fr', browser: 'Firefox 140' });
    const ours = () => envelopes.filter((e) => e.body.includes('forwarded once'));
    await send(server, { errors: [r], vitals: [] });
    await send(server, { errors: [r], vitals: [] });
    await expect.poll(() => ours().length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ours()).toHaveLength(1);
    const [sent] = ours();
    expect(sent?.url).toBe('/api/42/envelope/');
    expect(sent?.auth).toMatch(/^Sentry sentry_version=7, sentry_key=publickey, sentry_client=/);
    const [header, item, event, rest] = (sent?.body ?? '').split('\n');
    expect(rest).toBe('');
    const eventJson = JSON.parse(event ?? '{}') as Record<string, unknown>;
    expect(JSON.parse(header ?? '{}')).toMatchObject({ event_id: eventJson.event_id });
    expect(JSON.parse(item ?? '{}')).toMatchObject({ type: 'event', length: Buffer.byteLength(event ?? '') });
    expect(eventJson).toMatchObject({
      release: RELEASE,
      fingerprint: [fingerprintOf(r)],
      tags: { route: '/bookings', browser: 'Firefox 140', locale: 'fr', kind: 'error' },
      exception: { values: [{ type: 'TypeError', value: 'forwarded once', stacktrace: { frames: expect.arrayContaining([expect.objectContaining({ filename: 'src/boom.ts', lineno: 3 })]) } }] },
    });
  });

  it('keeps the server\'s own unhandled error (a 500) as kind server, scrubbed, by route template', async () => {
    const { db } = server.running;
    // Breaks the feed reports' table under a staff route: its next read fails with a 500.
    await db.schema.alterTable('feed_reports').renameTo('feed_reports_gone').execute();
    try {
      const res = await adminGet(server, '/admin/reports?org_id=1');
      expect(res.status).toBe(500);
    } finally {
      await db.schema.alterTable('feed_reports_gone').renameTo('feed_reports').execute();
    }
    await expect.poll(async () => (await db.selectFrom('error_groups').selectAll().where('kind', '=', 'server').execute()).length, { timeout: 5000 }).toBe(1);
    const row = await db.selectFrom('error_groups').selectAll().where('kind', '=', 'server').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ route: '/admin/reports', browser: 'server', release: RELEASE, count: 1 });
    expect(row.message).toMatch(/feed_reports/);
    await expect.poll(() => envelopes.some((e) => e.body.includes('"kind":"server"'))).toBe(true);
  });
});
