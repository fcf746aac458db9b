// The page's capture (issue 29): the early capture keeps what breaks before the reporter loads, the
// reporter turns it into stored reports (route template, scrubbed, bounded) and sends them; replays
// answered with an unexpected 5xx or off the contract are reported; vitals go with the batches.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientReportBatch } from '../../../core/contract/client-reports';
import { apiRequest } from '../../data/api/client';
import { db } from '../../data/db';
import { commandTransaction, enqueue, registerOp } from '../../data/sync/outbox';
import { subscribeOutbox } from '../../data/sync/outbox-watch';
import { flushOutbox, unexpectedReplayAnswer } from '../../data/sync/replay';
import { ApiError, ContractError } from '../../data/api/errors';
import { captureError, captureReplayFailure, handOver, installEarlyCapture, loadReporterWhen, resetEarlyCapture, type Caught } from './early';
import { startReporter, type VitalsApi } from './reporter';
import { makeProfile, resetDb, signedInLocally, waitFor, withFakeApi } from '../../../tests/support/data-helpers';

const fake = withFakeApi();
let stop: (() => Promise<void>) | null = null;
let target: EventTarget;
const unsubscribe: (() => void)[] = [];

/** The template a path's route has, as app/routes.tsx would say (a stand-in: features never import the app). */
const routeOf = (path: string) => path.replace(/\/\d+/g, '/:id');
const noVitals = (): Promise<VitalsApi> => new Promise(() => undefined);
const batches = () => fake.api.requests.filter((request) => request.path === '/client_reports').map((request) => request.body as ClientReportBatch);

function at(path: string): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'location');
  Object.defineProperty(globalThis, 'location', { configurable: true, value: { pathname: path } });
  return () => (had ? Object.defineProperty(globalThis, 'location', had) : delete (globalThis as { location?: unknown }).location);
}

function fire(type: string, fields: Record<string, unknown>): void {
  target.dispatchEvent(Object.assign(new Event(type), fields));
}

beforeEach(async () => {
  await resetDb();
  resetEarlyCapture();
  target = new EventTarget();
  fake.api.handle(() => ({ status: 202, body: { accepted: 1 } }));
});

afterEach(async () => {
  await stop?.();
  stop = null;
  for (const off of unsubscribe.splice(0)) off();
  resetEarlyCapture();
});

describe('the early capture', () => {
  it('keeps uncaught errors, rejections and CSP violations until the reporter takes over, repeats counted', () => {
    unsubscribe.push(installEarlyCapture(target));
    fire('error', { error: new TypeError('x is undefined'), message: 'Uncaught TypeError: x is undefined' });
    fire('error', { error: new TypeError('x is undefined'), message: 'Uncaught TypeError: x is undefined' });
    fire('unhandledrejection', { reason: new Error('fetch failed') });
    fire('securitypolicyviolation', { effectiveDirective: 'script-src', blockedURI: 'https://evil.example/x.js', sourceFile: 'https://app.example/index.html', lineNumber: 3, columnNumber: 7 });
    fire('error', { error: null, message: 'Script error.', filename: 'https://cdn.example/a.js', lineno: 1, colno: 2 });
    const taken: Caught[] = [];
    handOver((caught) => taken.push(caught));
    expect(taken.map((caught) => [caught.kind, caught.count])).toEqual([['error', 2], ['unhandledrejection', 1], ['csp', 1], ['error', 1]]);
    expect(taken[2]).toMatchObject({ error: 'Content-Security-Policy: script-src blocked https://evil.example/x.js', where: 'at https://app.example/index.html:3:7' });
    expect(taken[3]).toMatchObject({ error: 'Script error.', where: 'at https://cdn.example/a.js:1:2' });
    // Once handed over, each error goes straight on.
    captureError('render', new Error('later'));
    expect(taken).toHaveLength(5);
  });

  it('loads the reporter at the first error, not only after the first paint', () => {
    let loads = 0;
    loadReporterWhen(new Promise(() => undefined), () => (loads += 1));
    expect(loads).toBe(0);
    captureError('error', new Error('boom'));
    captureError('error', new Error('boom again'));
    expect(loads).toBe(1);
  });
});

describe('the reporter', () => {
  it('keeps 1,000 errors thrown in a loop offline as at most 100 reports with their counts, under the route template, then sends them', async () => {
    fake.api.handle(() => ({ status: 503, body: { message: 'Down', code: 'unavailable' } }));
    // 150 different errors (their words differ, so their fingerprints do), each thrown 6 or 7 times.
    const word = (n: number) => n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
    const back = at('/classes/4821');
    try {
      unsubscribe.push(installEarlyCapture(target));
      // Before the reporter loads: kept in memory.
      fire('error', { error: new Error('early one') });
      stop = startReporter({ routeOf, window: target, vitals: noVitals, gatherMs: 10 });
      for (let i = 0; i < 1_000; i += 1) fire('error', { error: new TypeError(`Cannot read properties of undefined (reading '${word(i % 150)}')`) });
    } finally {
      back();
    }
    // The early one and the first 99 groups are kept, 7 times each; the other 50 groups are dropped.
    const counted = async () => (await db.clientErrors.toArray()).reduce((sum, report) => sum + report.count, 0);
    await expect.poll(counted, { timeout: 20_000 }).toBe(1 + 99 * 7);
    expect(await db.clientErrors.count()).toBe(100);
    expect(new Set((await db.clientErrors.toArray()).map((report) => report.route))).toEqual(new Set(['/classes/:id']));

    fake.api.handle(() => ({ status: 202, body: { accepted: 100 } }));
    target.dispatchEvent(new Event('online'));
    await expect.poll(() => db.clientErrors.count(), { timeout: 10_000 }).toBe(0);
    const sent = batches().at(-1)!.errors;
    expect(sent).toHaveLength(100);
    expect(sent.find((report) => report.message === 'Error: early one')).toBeDefined();
  }, 30_000);

  it('takes what the page’s fields hold and the member’s name and email out of a report', async () => {
    await signedInLocally(makeProfile(3, { full_name: 'Aroha Ngata', first_name: 'Aroha', last_name: 'Ngata', email: 'aroha@example.org' }));
    fake.api.handle(() => ({ status: 503, body: { message: 'Down', code: 'unavailable' } }));
    const fields = [{ value: 'my secret diary entry' }, { value: '' }];
    stop = startReporter({ routeOf, window: target, vitals: noVitals, gatherMs: 0, document: { querySelectorAll: (() => fields) as unknown as Document['querySelectorAll'], documentElement: { lang: 'mi-NZ' } } });
    captureError('error', new Error('Could not save "my secret diary entry" for Aroha Ngata (aroha@example.org)'));
    await waitFor(async () => (await db.clientErrors.count()) === 1);
    const [report] = await db.clientErrors.toArray();
    expect(report!.message).not.toMatch(/secret|diary|Aroha|Ngata|aroha@/);
    expect(report!.locale).toBe('mi-NZ');
  });

  it('records LCP, INP and CLS per route template and sends them with the reports', async () => {
    let report: ((metric: { name: string; id: string; value: number }) => void) | undefined;
    const vitals = (): Promise<VitalsApi> => Promise.resolve({ onLCP: (fn) => (report = fn), onINP: () => undefined, onCLS: () => undefined });
    stop = startReporter({ routeOf, window: target, vitals, gatherMs: 0 });
    await waitFor(() => report !== undefined);
    const back = at('/courses/77');
    try {
      report!({ name: 'LCP', id: 'v5-1718000000000-4321', value: 1234.5 });
    } finally {
      back();
    }
    await waitFor(async () => (await db.clientVitals.count()) === 1);
    captureError('render', new Error('boom'), { componentStack: '\n    at CourseDetail (https://app.example/assets/CourseDetailScreen-Bx7dK2pQ.js:1:99)' });
    await waitFor(() => batches().some((batch) => batch.vitals.length === 1));
    const batch = batches().find((one) => one.vitals.length === 1)!;
    expect(batch.vitals[0]).toMatchObject({ name: 'LCP', value: 1234.5, route: '/courses/:id' });
    expect(batch.errors[0]!.stack).toContain('CourseDetailScreen-Bx7dK2pQ.js:1:99');
  });

  it('offline, asks nothing of the network: what waits is sent when the connection returns', async () => {
    const connection = { onLine: false };
    Object.assign(target, { navigator: connection });
    const before = batches().length;
    await db.clientVitals.add({ id: 'v-offline-1', name: 'INP', value: 40, route: '/classes', release: 'test', at: new Date().toISOString() });
    stop = startReporter({ routeOf, window: target, vitals: noVitals, gatherMs: 0 });
    captureError('error', new Error('offline one'));
    await waitFor(async () => (await db.clientErrors.count()) === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches()).toHaveLength(before);
    connection.onLine = true;
    target.dispatchEvent(new Event('online'));
    await waitFor(async () => (await db.clientErrors.count()) === 0 && (await db.clientVitals.count()) === 0);
    expect(batches()).toHaveLength(before + 1);
  });

  it('sends what waited once the connection returns', async () => {
    fake.api.handle(() => ({ status: 503, body: { message: 'Down', code: 'unavailable' } }));
    stop = startReporter({ routeOf, window: target, vitals: noVitals, gatherMs: 0 });
    captureError('error', new Error('offline one'));
    await waitFor(async () => (await db.clientErrors.count()) === 1 && batches().length >= 1);
    fake.api.handle(() => ({ status: 202, body: { accepted: 1 } }));
    target.dispatchEvent(new Event('online'));
    await waitFor(async () => (await db.clientErrors.count()) === 0);
  });
});

describe('replays the app could not expect are reported', () => {
  registerOp<{ n: number }, unknown>('test.reportedReplay', {
    send: (args, idempotencyKey) => apiRequest('POST', '/replayed', { body: args, idempotencyKey, scope: null }),
  });

  async function replayAnswered(status: number, headers: Record<string, string> = {}): Promise<Caught[]> {
    await signedInLocally(makeProfile(5));
    const taken: Caught[] = [];
    handOver((caught) => taken.push(caught));
    unsubscribe.push(subscribeOutbox({ replayFailed: captureReplayFailure }));
    fake.api.handle((request) => (request.path === '/replayed' ? { status, headers, body: { message: 'Boom', code: 'internal_error' } } : { status: 202, body: { accepted: 0 } }));
    await commandTransaction([db.members], () => enqueue('test.reportedReplay', { n: 1 }));
    await flushOutbox({ ignoreBackoff: true });
    return taken;
  }

  it('a 500 becomes a replay report naming the op and the status', async () => {
    const taken = await replayAnswered(500);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.kind).toBe('replay');
    expect((taken[0]!.error as Error).message).toBe('Replay of test.reportedReplay answered 500: Boom');
  });

  it('a refusal (409) is the member’s, and a 503 with Retry-After is planned: neither is reported', async () => {
    expect(await replayAnswered(409)).toHaveLength(0);
    await db.outbox.clear();
    expect(await replayAnswered(503, { 'Retry-After': '30' })).toHaveLength(0);
  });

  it('an answer off the contract is unexpected too', () => {
    expect(unexpectedReplayAnswer(new ContractError('POST /bookings', [{ path: 'id', message: 'Expected number' }]))).toBe(true);
    expect(unexpectedReplayAnswer(new ApiError(502, { message: 'Bad gateway', code: 'http_502' }))).toBe(true);
    expect(unexpectedReplayAnswer(new ApiError(422, { message: 'No', code: 'validation_failed' }))).toBe(false);
  });
});
