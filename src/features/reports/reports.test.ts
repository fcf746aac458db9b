// The device's error reports (issue 29): scrubbed before they are stored, bounded, and sent once
// each, deleting only what the server acknowledged.
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_REPORTS } from '../../../core/limits';
import { clientReportBatch, type ClientReportBatch } from '../../../core/contract/client-reports';
import { db, memberTableObjects } from '../../data/db';
import { signOut } from '../../data/auth';
import { buildErrorReport, type CapturedError } from './report';
import { recordErrors } from './record';
import { storeVitals } from './store';
import { sendClientReports } from './send';
import { RELEASE } from './release';
import { makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';

const fake = withFakeApi();

beforeEach(async () => {
  await resetDb();
  fake.api.handle(() => ({ status: 202, body: { accepted: 1 } }));
});

function captured(overrides: Partial<CapturedError> = {}): CapturedError {
  return {
    kind: 'error',
    message: 'TypeError: Cannot read properties of undefined (reading \'name\')',
    stack: 'TypeError: Cannot read properties of undefined\n    at ClassDetail (https://app.example/assets/ClassDetailScreen-Bx7dK2pQ.js:1:2345)',
    route: '/classes/:id',
    locale: 'en',
    online: false,
    browser: 'Chrome 126',
    at: Date.parse('2026-11-22T06:00:00.000Z'),
    ...overrides,
  };
}

const batches = () => fake.api.requests.filter((request) => request.path === '/client_reports').map((request) => request.body as ClientReportBatch);

describe('a report carries nothing personal (scrubbed before it is stored)', () => {
  const TYPED = 'meet Rangi at the bakery';
  const secretMessage = [
    'Could not save "meet Rangi at the bakery" for Alex Rivera <alex.rivera@example.com>',
    'card 4242 4242 4242 4242',
    'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlX2hlcmU',
    'session_token=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA',
  ].join('; ');

  it('takes out the email, the name, what was typed, tokens and card numbers, from the message and the stack', async () => {
    const profile = makeProfile(7, { full_name: 'Alex Rivera', first_name: 'Alex', last_name: 'Rivera', email: 'alex.rivera@example.com' });
    await signedInLocally(profile);
    await recordErrors([captured({ message: secretMessage, stack: `Error: ${secretMessage}\n    at save (https://app.example/assets/Note-Bx7dK2pQ.js:3:14)` })], [TYPED]);
    const [stored] = await db.clientErrors.toArray();
    const text = JSON.stringify(stored);
    for (const secret of ['alex.rivera@example.com', 'Alex', 'Rivera', 'Rangi', 'bakery', '4242', 'eyJhbGciOiJIUzI1NiJ9', 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA']) {
      expect(text).not.toContain(secret);
    }
    // What staff need stays: the words of the message and the frame's file, line and column.
    expect(stored!.message).toContain('Could not save');
    expect(stored!.stack).toContain('Note-Bx7dK2pQ.js:3:14');
    expect(clientReportBatch.safeParse({ errors: [stored], vitals: [] }).success).toBe(true);
  });

  it('carries the release, the route template, the locale, the browser and the time', () => {
    const report = buildErrorReport(captured());
    expect(report).toMatchObject({ release: RELEASE, route: '/classes/:id', locale: 'en', browser: 'Chrome 126', online: false, at: '2026-11-22T06:00:00.000Z', count: 1 });
    expect(report.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('cuts a long message and stack to the contract’s sizes', () => {
    const report = buildErrorReport(captured({ message: 'x '.repeat(5_000), stack: 'y '.repeat(20_000) }));
    expect(report.message.length).toBeLessThanOrEqual(CLIENT_REPORTS.messageMax);
    expect(report.stack!.length).toBeLessThanOrEqual(CLIENT_REPORTS.stackMax);
  });
});

describe('the store is bounded', () => {
  it('1,000 repeats of one error (numbers differing) are one report counted 1,000 times', async () => {
    for (let i = 0; i < 1_000; i += 10) {
      await recordErrors(Array.from({ length: 10 }, (_, j) => captured({ message: `Error: class ${i + j} is full` })));
    }
    const stored = await db.clientErrors.toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.count).toBe(1_000);
  });

  it('1,000 different errors leave at most CLIENT_REPORTS.maxErrors reports', async () => {
    const words = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
    await recordErrors(Array.from({ length: 1_000 }, (_, i) => captured({ message: `Error: ${words(i)} broke`, stack: null })));
    expect(await db.clientErrors.count()).toBe(CLIENT_REPORTS.maxErrors);
    // A repeat of a kept one still counts.
    await recordErrors([captured({ message: `Error: ${words(0)} broke`, stack: null })]);
    expect(await db.clientErrors.count()).toBe(CLIENT_REPORTS.maxErrors);
    expect((await db.clientErrors.toArray()).reduce((sum, report) => sum + report.count, 0)).toBe(CLIENT_REPORTS.maxErrors + 1);
  });

  it('keeps the newest CLIENT_REPORTS.maxVitals speed samples', async () => {
    const sample = (i: number) => ({ id: `vital-${String(i).padStart(5, '0')}`, name: 'LCP' as const, value: i, route: '/classes', release: RELEASE, at: new Date(Date.UTC(2026, 10, 22, 0, 0, i)).toISOString() });
    for (let i = 0; i < CLIENT_REPORTS.maxVitals + 50; i += 1) await storeVitals([sample(i)]);
    expect(await db.clientVitals.count()).toBe(CLIENT_REPORTS.maxVitals);
    expect(await db.clientVitals.get('vital-00000')).toBeUndefined();
    expect(await db.clientVitals.get(`vital-${String(CLIENT_REPORTS.maxVitals + 49).padStart(5, '0')}`)).toBeDefined();
  });

  it('survives a sign-out: reports are nobody’s data, and signed-out pages report too', async () => {
    await signedInLocally(makeProfile(7));
    await recordErrors([captured()]);
    fake.api.handle(() => ({ status: 204 }));
    await signOut({ force: true });
    expect(memberTableObjects().map((table) => table.name)).not.toContain('clientErrors');
    expect(await db.clientErrors.count()).toBe(1);
  });
});

describe('sending: once each, deleting only what the server acknowledged', () => {
  it('sends what waits in one batch, errors and vitals together, signed out, and empties the store on 202', async () => {
    await recordErrors([captured(), captured({ kind: 'csp', message: 'Content-Security-Policy: script-src blocked inline', stack: null })]);
    await storeVitals([{ id: 'v5-1718000000000-1234', name: 'CLS', value: 0.02, route: '/classes', release: RELEASE, at: new Date().toISOString() }]);
    expect(await sendClientReports()).toBe('sent');
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.errors.map((report) => report.kind).sort()).toEqual(['csp', 'error']);
    expect(batches()[0]!.vitals).toHaveLength(1);
    expect(clientReportBatch.safeParse(batches()[0]).success).toBe(true);
    expect(await db.clientErrors.count()).toBe(0);
    expect(await db.clientVitals.count()).toBe(0);
  });

  it('keeps everything when the server cannot be reached or answers 5xx, and sends the same ids later', async () => {
    await recordErrors([captured()]);
    fake.api.handle(() => ({ status: 503, body: { message: 'Down', code: 'unavailable' } }));
    expect(await sendClientReports()).toBe('retry');
    expect(await db.clientErrors.count()).toBe(1);
    fake.api.handle(() => ({ status: 202, body: { accepted: 1 } }));
    expect(await sendClientReports()).toBe('sent');
    const [first, second] = batches();
    expect(second!.errors[0]!.id).toBe(first!.errors[0]!.id);
    expect(await db.clientErrors.count()).toBe(0);
  });

  it('keeps a repeat counted while its batch was on the way, under a new id, with only the repeats the server has not seen', async () => {
    await recordErrors([captured()]);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake.api.handle(async () => {
      await answered;
      return { status: 202, body: { accepted: 1 } };
    });
    const sending = sendClientReports();
    await expect.poll(() => batches().length).toBe(1);
    await recordErrors([captured(), captured()]);
    answer();
    fake.api.handle(() => ({ status: 202, body: { accepted: 1 } }));
    expect(await sending).toBe('sent');
    const [first, second] = batches();
    expect(first!.errors[0]!.count).toBe(1);
    expect(second!.errors[0]).toMatchObject({ count: 2, fingerprint: first!.errors[0]!.fingerprint });
    expect(second!.errors[0]!.id).not.toBe(first!.errors[0]!.id);
    expect(await db.clientErrors.count()).toBe(0);
  });

  it('drops a batch the server refuses for good (422), which would otherwise hold back every later report', async () => {
    await recordErrors([captured()]);
    fake.api.handle(() => ({ status: 422, body: { message: 'Malformed', code: 'validation_failed' } }));
    expect(await sendClientReports()).toBe('sent');
    expect(await db.clientErrors.count()).toBe(0);
  });

  it('two senders at once (a tab and the worker) send the same ids, so the server counts nothing twice', async () => {
    await recordErrors([captured(), captured({ message: 'RangeError: Invalid time value' })]);
    await Promise.all([sendClientReports(), sendClientReports()]);
    const ids = batches().flatMap((batch) => batch.errors.map((report) => report.id));
    expect(new Set(ids).size).toBe(2);
    expect(await db.clientErrors.count()).toBe(0);
  });

  it('splits what waits into batches within the contract’s body size', async () => {
    const words = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
    await recordErrors(Array.from({ length: CLIENT_REPORTS.maxErrors }, (_, i) => captured({ message: `Error: ${words(i)}`, stack: `Error\n${'    at frame (https://app.example/assets/index.js:1:1)\n'.repeat(140)}` })));
    expect(await sendClientReports()).toBe('sent');
    expect(batches().length).toBeGreaterThan(1);
    for (const request of fake.api.requests) expect(Buffer.byteLength(JSON.stringify(request.body))).toBeLessThanOrEqual(CLIENT_REPORTS.maxBodyBytes);
    expect(batches().reduce((sum, batch) => sum + batch.errors.length, 0)).toBe(CLIENT_REPORTS.maxErrors);
  });
});
