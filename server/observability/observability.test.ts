// The server's logs and metrics (issue 29; docs/decisions.md#logs-and-metrics), on SQLite and,
// under npm run test:pg, on PostgreSQL and Redis. Two processes: cluster.test.ts.
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ALEX, Browser, PASSWORD, signedIn, startTestServer, type TestServer } from '../testing/helpers';
import { realtimeClient, subscribe, channelOf, waitUntil } from '../testing/notifications-helpers';
import { wod } from '../testing/training-helpers';
import { sample } from '../testing/metrics';
import { createLogger, withoutSecrets } from './log';

/** A logger whose lines the test reads (pino's destination is any stream). */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    log: createLogger({ level: 'debug', destination }),
    text: () => lines.join('\n'),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('logs and metrics of one server', () => {
  const captured = capturedLog();
  let server: TestServer;
  let member: Browser;
  let facility: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ log: captured.log, offerSweepIntervalMs: 50, metricsPort: 0 });
    member = await signedIn(server, ALEX);
    facility = (await server.running.db.selectFrom('facilities').select('guid').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).guid;
    admin = { Authorization: `Bearer ${server.running.adminToken}` };
  });
  afterAll(() => server?.close());

  const metrics = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it("writes one line per request: its id, the route's template, status, latency and process, nothing secret", async () => {
    const key = `key-${randomUUID()}`;
    const res = await member.get('/api/v1/sessions/987654321', { headers: { 'X-Facility-Id': facility, 'X-Request-Id': 'app-req-0001', Authorization: 'Bearer secret-bearer-value', 'Idempotency-Key': key } });
    expect(res.status).toBe(404);
    const line = captured.records().find((r) => r.reqId === 'app-req-0001');
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/v1/sessions/:id', status: 404, pid: process.pid });
    expect(typeof line?.ms).toBe('number');
    expect(line?.ms as number).toBeGreaterThanOrEqual(0);
    expect(typeof line?.time).toBe('string');
    // The sign-in's line is there too, without the password it carried.
    expect(captured.records().some((r) => r.route === '/api/v1/authentication' && r.method === 'POST' && r.status === 200)).toBe(true);
    const text = captured.text();
    for (const secret of [PASSWORD, ...member.cookies.values(), 'secret-bearer-value', key, '987654321', ALEX]) expect(text).not.toContain(secret);
  });

  it('echoes a sane X-Request-Id and makes a new one for a missing or malformed one, on every answer', async () => {
    const given = await member.get('/api/v1/profile', { headers: { 'X-Request-Id': 'a1b2c3d4-e5f6' } });
    expect(given.headers.get('x-request-id')).toBe('a1b2c3d4-e5f6');
    const made = await fetch(`${server.url}/no/such/page`, { method: 'POST' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await fetch(`${server.url}/api/v1/profile`, { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(odd.status).toBe(400);
    const replaced = odd.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(captured.records().find((r) => r.reqId === replaced)).toMatchObject({ status: 400 });
    expect(captured.text()).not.toContain('<script>');
    const tooLong = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'x'.repeat(129) } });
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses anonymous reads of /metrics on the main port, and a wrong token', async () => {
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('member_pwa_');
    const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
  });

  it('counts a request that was just made, per method, route template and status class, with its latency', async () => {
    const labels = { method: 'GET', route: '/api/v1/sessions/:id', status_class: '4xx' };
    const before = sample(await metrics(), 'member_pwa_http_requests_total', labels) ?? 0;
    const beforeLatency = sample(await metrics(), 'member_pwa_http_request_duration_seconds_count', labels) ?? 0;
    expect((await member.get('/api/v1/sessions/123456', { headers: { 'X-Facility-Id': facility } })).status).toBe(404);
    const after = await metrics();
    expect(sample(after, 'member_pwa_http_requests_total', labels)).toBe(before + 1);
    expect(sample(after, 'member_pwa_http_request_duration_seconds_count', labels)).toBe(beforeLatency + 1);
    expect(sample(after, 'member_pwa_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(beforeLatency + 1);
    expect(after).not.toContain('123456');
    // The process's own metrics come along, and this is one process.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'member_pwa_processes')).toBe(1);
  });

  it('serves /metrics without a token on METRICS_PORT, on the loopback address only', async () => {
    const url = server.running.metricsUrl;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(sample(await res.text(), 'member_pwa_processes')).toBe(1);
    expect((await fetch(url!.replace(/\/metrics$/, '/api/v1/profile'))).status).toBe(404);
  });

  it('counts an outbox write answered again from the idempotency store', async () => {
    const route = '/api/v1/workouts';
    const before = sample(await metrics(), 'member_pwa_idempotent_replays_total', { method: 'POST', route }) ?? 0;
    const key = `replay-${randomUUID()}`;
    const body = { workout: wod({ name: `Replay ${randomUUID()}` }) };
    const headers = { 'X-Facility-Id': facility, 'Idempotency-Key': key };
    const first = await member.request(route, { method: 'POST', json: body, headers });
    const again = await member.request(route, { method: 'POST', json: body, headers });
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(sample(await metrics(), 'member_pwa_idempotent_replays_total', { method: 'POST', route })).toBe(before + 1);
  });

  it('counts runs of the periodic jobs by outcome, and measures waits for a database connection', async () => {
    await waitUntil(async () => (sample(await metrics(), 'member_pwa_job_runs_total', { job: 'offer_sweep', outcome: 'ok' }) ?? 0) > 0, 5_000, 'an offer sweep counted');
    const text = await metrics();
    expect(sample(text, 'member_pwa_job_runs_total', { job: 'push_retry', outcome: 'failed' })).toBe(0);
    expect(sample(text, 'member_pwa_job_duration_seconds_count', { job: 'offer_sweep' })).toBeGreaterThan(0);
    expect(sample(text, 'member_pwa_db_connection_wait_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'member_pwa_db_connection_waiting')).toBe(0);
    expect(sample(text, 'member_pwa_unhandled_errors_total', { source: 'request' })).toBe(0);
  });

  it('reports the pushes waiting in push_queue and the realtime connections held open', async () => {
    const db = server.running.db;
    const alex = await db.selectFrom('accounts').innerJoin('members_profiles as p', 'p.id', 'accounts.profile_id').select(['accounts.profile_id', 'accounts.org_id']).where('p.email', '=', ALEX).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const before = sample(await metrics(), 'member_pwa_push_queue_pending');
    expect(before).toBe(0);
    const { id } = await db
      .insertInto('notifications')
      .values({ profile_id: alex.profile_id, org_id: alex.org_id, type: 'post', message: 'Queued', params: '{}', avatar_url: null, visit_id: null, read_at: null, removed_at: null, expires_at: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('push_queue').values({ notification_id: id, next_attempt_at: later, claimed_until: null }).execute();
    expect(sample(await metrics(), 'member_pwa_push_queue_pending')).toBe(1);

    const client = realtimeClient(server, member);
    try {
      await subscribe(client, await channelOf(member));
      const open = (text: string) => (sample(text, 'member_pwa_realtime_connections', { transport: 'websocket' }) ?? 0) + (sample(text, 'member_pwa_realtime_connections', { transport: 'long-polling' }) ?? 0);
      await waitUntil(async () => open(await metrics()) > 0, 5_000, 'a realtime connection counted');
    } finally {
      client.disconnect();
    }
  });
});

describe('LOG_LEVEL and METRICS_PORT', () => {
  it('are read and checked with the rest of the configuration', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ LOG_LEVEL: ' Debug ', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ logLevel: 'debug', metricsPort: 9464, metricsHost: '10.0.0.5' });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => loadConfig({ METRICS_PORT: 'prometheus' })).toThrow(/METRICS_PORT must be a port number/);
  });
});

describe('redaction', () => {
  it('blanks cookies, authorization, passwords, card fields, tokens and idempotency keys wherever a line carries them', () => {
    const captured = capturedLog();
    captured.log.info(
      {
        password: 'p-1',
        headers: { cookie: 'sid=s-1', authorization: 'Bearer b-1', 'idempotency-key': 'k-1', 'set-cookie': 'sid=s-2' },
        body: { new_password: 'p-2', card: { number: '4242424242424242', cvc: '123' }, token: 't-1' },
        access_token: 't-2',
        kept: 'visible',
      },
      'a careless line',
    );
    const text = captured.text();
    for (const secret of ['p-1', 'p-2', 's-1', 's-2', 'b-1', 'k-1', '4242424242424242', '"123"', 't-1', 't-2']) expect(text).not.toContain(secret);
    expect(text).toContain('visible');
    expect(text).toContain('[redacted]');
  });

  it('finds a secret in a list too, goes no deeper than two objects, and leaves a line without one as it was', () => {
    const line = { method: 'GET', route: '/api/v1/sessions', status: 200, ms: 1.2, tags: ['a'] };
    expect(withoutSecrets(line)).toBe(line);
    const original = { items: [{ token: 't-1' }], deep: { a: { b: { password: 'p-3' } } } };
    expect(withoutSecrets(original)).toEqual({ items: [{ token: '[redacted]' }], deep: { a: { b: { password: 'p-3' } } } });
    expect(original.items[0]!.token).toBe('t-1');
  });
});
