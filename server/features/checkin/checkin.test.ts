import { TZDate } from '@date-fns/tz';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkinCredentialIssued, deskCheckinResult, deskFacilities, deskRoster, deskSignedIn, type CheckinCredentialIssued, type DeskCheckinResult } from '../../../core/contract/checkin';
import { checkinOtp, checkinStep, generateCheckinKeyPair, mintCode, rawPublicKey, readCredential, toBase64Url, typedDigits, verifyCode, importPublicKey, CHECKIN_CREDENTIAL_DAYS } from '../../../core/rules/checkin-code';
import { startServer, type RunningServer } from '../../app';
import type { Database } from '../../db/schema';
import { expectError, facilityGuid, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, Browser, json, KAI, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

// The server side of checking in at the front desk with the phone (issue 31 item 1,
// docs/decisions.md#checkin-code): credentials for members, desks signed in with the admin token,
// the roster a desk keeps offline, and check-ins judged by the server at their scan time.

const MINUTE = 60_000;
// Noon at the Wellington facility today: the test's classes are "today" there whenever it runs.
const local = new TZDate(Date.now(), 'Pacific/Auckland');
const NOW = new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 12, 0, 0, 0, 'Pacific/Auckland').getTime());
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('check-in at the front desk', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let kai: Browser;
  let alexId: number;
  let samId: number;
  let wellington: number;
  let petone: number;
  let classId: number;
  let visitId: number;
  let phone: CryptoKeyPair;
  let issued: CheckinCredentialIssued;
  let desk: string;
  let petoneDesk: string;
  let keyCount = 0;

  const facilityId = async (name: string) => (await db.selectFrom('facilities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const header = async (name: 'Wellington' | 'Petone' | 'Tallinn Old Town') => ({ 'X-Facility-Id': await facilityGuid(db, name) });
  const admin = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
    new Browser(server.url).request(path, { method: init.method ?? 'GET', json: init.json, headers: { Authorization: `Bearer ${init.token ?? server.running.adminToken}` } });
  const asDesk = (token: string, path: string, init: { method?: string; json?: unknown; key?: string | null } = {}) =>
    new Browser(server.url).request(path, { method: init.method ?? 'GET', json: init.json, headers: { Authorization: `Bearer ${token}`, ...(init.key !== null && { 'Idempotency-Key': init.key ?? `desk-${++keyCount}` }) } });
  const checkIn = (token: string, body: unknown, key?: string) => asDesk(token, '/api/v1/desk/checkins', { method: 'POST', json: body, key });
  const issue = async (member: Browser, facility: 'Wellington' | 'Petone' | 'Tallinn Old Town', key: CryptoKeyPair) => {
    const res = await member.request('/api/v1/checkin/credentials', { method: 'POST', json: { public_key: toBase64Url(await rawPublicKey(key.publicKey)) }, headers: await header(facility) });
    expect(res.status).toBe(201);
    return z.parse(checkinCredentialIssued, await res.json());
  };
  const codeAt = (credential: string, key: CryptoKeyPair, ms: number) => mintCode(credential, key.privateKey, checkinStep(ms));
  const checkinCount = async () => Number((await db.selectFrom('checkins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const visitState = async (id: number) => (await db.selectFrom('visits').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  /** A class at `facility` from `startMs` to `endMs` (relative to NOW), with a booked visit of `profileId`. */
  async function bookedClass(facility: number, profileId: number, startMs: number, endMs: number, name = 'Desk Test') {
    const at = NOW.toISOString();
    const { id } = await db
      .insertInto('sessions')
      .values({ facility_id: facility, name, description: null, location: null, start_at: iso(startMs), end_at: iso(endMs), booking_open_at: iso(-7 * 24 * 60 * MINUTE), booking_close_at: iso(startMs), cancellation_close_at: iso(startMs), cancelled: 0, capacity: 10, waitlists_on: 0, dropin_spaces: 0, online_url: null, whiteboard_visibility: 'public', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visit = await db.insertInto('visits').values({ profile_id: profileId, session_id: id, state: 'booked', offer_expires_at: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    return { sessionId: id, visitId: visit.id };
  }

  beforeAll(async () => {
    server = await startTestServer({ now: () => NOW });
    db = server.running.db;
    [alex, sam, kai] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM), signedIn(server, KAI)]);
    [alexId, samId, wellington, petone] = await Promise.all([profileIdOf(db, ALEX), profileIdOf(db, SAM), facilityId('Wellington'), facilityId('Petone')]);
    ({ sessionId: classId, visitId } = await bookedClass(wellington, alexId, 10 * MINUTE, 70 * MINUTE));
    phone = await generateCheckinKeyPair(false);
  });
  afterAll(() => server.close());

  it('issues a credential signed by the facility, for the phone’s key, with the member’s name', async () => {
    issued = await issue(alex, 'Wellington', phone);
    expect(issued.issued_at).toBe(NOW.toISOString());
    expect(Date.parse(issued.expires_at) - NOW.getTime()).toBeLessThanOrEqual(CHECKIN_CREDENTIAL_DAYS * 24 * 60 * MINUTE);
    expect(Date.parse(issued.expires_at) - NOW.getTime()).toBeGreaterThan(CHECKIN_CREDENTIAL_DAYS * 24 * 60 * MINUTE - 1000);
    const claims = readCredential(issued.credential);
    expect(claims).toMatchObject({ id: issued.id, facilityId: wellington, profileId: alexId, name: 'Alex Rivera', expiresAt: Date.parse(issued.expires_at) / 1000 });
    expect(toBase64Url(claims!.publicKey)).toBe(toBase64Url(await rawPublicKey(phone.publicKey)));
    expect(Buffer.from(issued.otp_secret, 'base64url')).toHaveLength(32);
  });

  it('refuses bad credential requests with clear 4xx answers, never a 500', async () => {
    const url = '/api/v1/checkin/credentials';
    const wellingtonHeader = await header('Wellington');
    const bad = async (json: unknown, code: string, status = 422) => {
      const body = await expectError(await alex.request(url, { method: 'POST', json, headers: wellingtonHeader }), status, code);
      expect(body.message.length).toBeGreaterThan(10);
      return body;
    };
    expect((await bad({}, 'validation_failed')).message).toMatch(/public_key/);
    await bad([], 'validation_failed');
    await bad({ public_key: 42 }, 'validation_failed');
    await bad({ public_key: 'x'.repeat(500) }, 'validation_failed');
    expect((await bad({ public_key: 'not a key!' }, 'invalid_key')).message).toMatch(/P-256/);
    // 65 bytes starting 0x04 but not a point on the curve.
    await bad({ public_key: toBase64Url(new Uint8Array(65).fill(4)) }, 'invalid_key');
    await expectError(await alex.request(url, { method: 'POST', body: '{nope', headers: { ...wellingtonHeader, 'Content-Type': 'application/json' } }), 400, 'invalid_json');
    await expectError(await alex.request(url, { method: 'POST', json: { public_key: issued.credential } }), 400, 'facility_required');
    await expectError(await kai.request(url, { method: 'POST', json: { public_key: 'x' }, headers: wellingtonHeader }), 403, 'forbidden_facility');
    await expectError(await new Browser(server.url).request(url, { method: 'POST', json: { public_key: 'x' }, headers: wellingtonHeader }), 401, 'unauthenticated');
  });

  it('lets staff list facilities and sign a desk in with the admin token only', async () => {
    await expectError(await admin('/api/v1/desk/facilities', { token: 'wrong-token' }), 401, 'admin_unauthorized');
    await expectError(await new Browser(server.url).get('/api/v1/desk/facilities'), 401, 'admin_unauthorized');
    // A member's session is no admin token.
    await expectError(await alex.get('/api/v1/desk/facilities'), 401, 'admin_unauthorized');
    const { facilities } = z.parse(deskFacilities, await json(await admin('/api/v1/desk/facilities')));
    expect(facilities).toContainEqual({ id: wellington, name: 'Wellington', org_name: 'Harbour Strength', time_zone: 'Pacific/Auckland' });

    await expectError(await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: wellington }, token: 'wrong-token' }), 401, 'admin_unauthorized');
    await expectError(await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: 999_999 } }), 404, 'not_found');
    expect((await expectError(await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: 'one' } }), 422, 'validation_failed')).message).toMatch(/facility_id/);
    await expectError(await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: 2 ** 40 } }), 422, 'validation_failed');
    const res = await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: wellington } });
    expect(res.status).toBe(201);
    const signedIn = z.parse(deskSignedIn, await res.json());
    expect(signedIn.facility).toEqual({ id: wellington, name: 'Wellington', org_name: 'Harbour Strength', time_zone: 'Pacific/Auckland' });
    expect(Buffer.from(signedIn.desk_token, 'base64url')).toHaveLength(32);
    // Only its hash is kept.
    expect(await db.selectFrom('checkin_desk_tokens').select('id').where('token_hash', '=', signedIn.desk_token).executeTakeFirst()).toBeUndefined();
    desk = signedIn.desk_token;
    petoneDesk = z.parse(deskSignedIn, await json(await admin('/api/v1/desk/sign-in', { method: 'POST', json: { facility_id: petone } }))).desk_token;
  });

  it('gives the desk today’s roster: classes, bookings, the live credentials of those members and the public key', async () => {
    // Kai's credential at Tallinn and Sam's at Wellington (no booking today at the test's class) stay off it.
    await issue(kai, 'Tallinn Old Town', await generateCheckinKeyPair(false));
    const roster = z.parse(deskRoster, await json(await asDesk(desk, '/api/v1/desk/roster')));
    expect(roster.facility.id).toBe(wellington);
    expect(roster.server_time).toBe(NOW.toISOString());
    expect(roster.classes).toContainEqual({ id: classId, name: 'Desk Test', start_at: iso(10 * MINUTE), end_at: iso(70 * MINUTE) });
    const day = [new TZDate(NOW.getTime(), 'Pacific/Auckland').getDate()];
    expect(roster.classes.every((c) => day.includes(new TZDate(Date.parse(c.start_at), 'Pacific/Auckland').getDate()))).toBe(true);
    expect(roster.bookings).toContainEqual({ visit_id: visitId, session_id: classId, profile_id: alexId, name: 'Alex Rivera', state: 'booked' });
    expect(roster.credentials).toContainEqual({ id: issued.id, profile_id: alexId, name: 'Alex Rivera', otp_secret: issued.otp_secret, expires_at: issued.expires_at });
    const booked = new Set(roster.bookings.map((b) => b.profile_id));
    expect(roster.credentials.every((c) => booked.has(c.profile_id))).toBe(true);
    expect(roster.public_key).not.toHaveProperty('d');
    // The desk verifies codes offline with it.
    const check = await verifyCode(await codeAt(issued.credential, phone, NOW.getTime()), await importPublicKey(roster.public_key), wellington, NOW.getTime());
    expect(check).toMatchObject({ ok: true, claims: { id: issued.id } });
    // Another facility's desk sees its own facility only.
    const petoneRoster = z.parse(deskRoster, await json(await asDesk(petoneDesk, '/api/v1/desk/roster')));
    expect(petoneRoster.facility.id).toBe(petone);
    expect(petoneRoster.classes.some((c) => c.id === classId)).toBe(false);
    expect(petoneRoster.credentials.some((c) => c.id === issued.id)).toBe(false);
    expect(petoneRoster.public_key.x).not.toBe(roster.public_key.x);
  });

  it('checks a scanned code in: the visit is attended; the same Idempotency-Key answers the same, another key is refused', async () => {
    const code = await codeAt(issued.credential, phone, NOW.getTime() - 20_000);
    const body = { code, scanned_at: iso(-20_000) };
    const first = await checkIn(desk, body, 'scan-1');
    expect(first.status).toBe(201);
    const result = z.parse(deskCheckinResult, await first.json());
    expect(result).toEqual({
      status: 'checked_in',
      member: { profile_id: alexId, name: 'Alex Rivera' },
      visit: { id: visitId, state: 'attended', session: { id: classId, name: 'Desk Test', start_at: iso(10 * MINUTE), end_at: iso(70 * MINUTE) } },
    } satisfies DeskCheckinResult);
    expect(await visitState(visitId)).toBe('attended');
    const count = await checkinCount();
    expect(await db.selectFrom('checkins').selectAll().where('credential_id', '=', issued.id).execute()).toEqual([
      expect.objectContaining({ facility_id: wellington, profile_id: alexId, visit_id: visitId, step: checkinStep(NOW.getTime() - 20_000), scanned_at: iso(-20_000) }),
    ]);

    // The desk's queue sending it again: the first answer, nothing done twice.
    const again = await checkIn(desk, body, 'scan-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(result);
    expect(await checkinCount()).toBe(count);

    // A photo of the code, sent as another check-in.
    await expectError(await checkIn(desk, body, 'scan-2'), 409, 'checkin_code_used');
    // The next step's code is a new check-in: already attended.
    const next = z.parse(deskCheckinResult, await json(await checkIn(desk, { code: await codeAt(issued.credential, phone, NOW.getTime() + 30_000), scanned_at: iso(0) })));
    expect(next).toMatchObject({ status: 'already_checked_in', visit: { id: visitId, state: 'attended' } });
    expect(await checkinCount()).toBe(count + 1);
  });

  it('takes typed digits, verified against the credential’s secret at scan time', async () => {
    const step = checkinStep(NOW.getTime() - 60_000);
    const digits = typedDigits(issued.id, await checkinOtp(issued.otp_secret, step));
    const res = await checkIn(desk, { digits, scanned_at: iso(-60_000) });
    expect(res.status).toBe(201);
    expect(z.parse(deskCheckinResult, await res.json())).toMatchObject({ status: 'already_checked_in', member: { profile_id: alexId }, visit: { id: visitId } });
    await expectError(await checkIn(desk, { digits, scanned_at: iso(-60_000) }), 409, 'checkin_code_used');
    const wrong = String((Number(await checkinOtp(issued.otp_secret, step)) + 1) % 1_000_000).padStart(6, '0');
    await expectError(await checkIn(desk, { digits: `${issued.id}${wrong}`, scanned_at: iso(-60_000) }), 422, 'checkin_bad_otp');
    await expectError(await checkIn(desk, { digits: `999999${wrong}`, scanned_at: iso(0) }), 422, 'checkin_bad_otp');
    await expectError(await checkIn(desk, { digits: '12', scanned_at: iso(0) }), 422, 'checkin_malformed');
    await expectError(await checkIn(desk, { digits: '4294967295 123 456', scanned_at: iso(0) }), 422, 'checkin_bad_otp');
  });

  it('answers no_booking for a member with no class now, and still records the use', async () => {
    const samPhone = await generateCheckinKeyPair(false);
    const samCredential = await issue(sam, 'Wellington', samPhone);
    const before = await checkinCount();
    const res = z.parse(deskCheckinResult, await json(await checkIn(desk, { code: await codeAt(samCredential.credential, samPhone, NOW.getTime()), scanned_at: iso(0) })));
    expect(res).toEqual({ status: 'no_booking', member: { profile_id: samId, name: 'Sam Taylor' }, visit: null });
    expect(await checkinCount()).toBe(before + 1);
  });

  it('refuses stale, early, future, ancient, malformed and forged codes with their own codes', async () => {
    const refused = async (body: unknown, code: string, status = 422) => expect((await expectError(await checkIn(desk, body), status, code)).message.length).toBeGreaterThan(10);
    // Scanned now, but the step is three old: a screenshot.
    await refused({ code: await codeAt(issued.credential, phone, NOW.getTime() - 3 * 30_000), scanned_at: iso(0) }, 'checkin_code_expired');
    await refused({ code: await codeAt(issued.credential, phone, NOW.getTime() + 3 * 30_000), scanned_at: iso(0) }, 'checkin_code_early');
    await refused({ code: await codeAt(issued.credential, phone, NOW.getTime() + 5 * MINUTE), scanned_at: iso(5 * MINUTE) }, 'checkin_scan_in_future');
    await refused({ code: await codeAt(issued.credential, phone, NOW.getTime() - 25 * 60 * MINUTE), scanned_at: iso(-25 * 60 * MINUTE) }, 'checkin_scan_too_old');
    await refused({ code: 'hello', scanned_at: iso(0) }, 'checkin_malformed');
    // The code signed by another phone's key than the credential names.
    await refused({ code: await mintCode(issued.credential, (await generateCheckinKeyPair(false)).privateKey, checkinStep(NOW.getTime())), scanned_at: iso(0) }, 'checkin_bad_signature');
    // Bodies.
    const code = await codeAt(issued.credential, phone, NOW.getTime());
    await refused({ scanned_at: iso(0) }, 'validation_failed');
    await refused({ code, digits: '1234567', scanned_at: iso(0) }, 'validation_failed');
    await refused({ code }, 'validation_failed');
    await refused({ code, scanned_at: 'yesterday' }, 'validation_failed');
    await refused({ code: 42, scanned_at: iso(0) }, 'validation_failed');
    await refused('code', 'validation_failed');
    await expectError(await asDesk(desk, '/api/v1/desk/checkins', { method: 'POST', json: { code, scanned_at: iso(0) }, key: null }), 400, 'invalid_idempotency_key');
    await expectError(await asDesk(desk, '/api/v1/desk/checkins', { method: 'POST', json: { code, scanned_at: iso(0) }, key: 'not a key!' }), 400, 'invalid_idempotency_key');
  });

  it('keeps facilities apart: a desk cannot take another facility’s code or digits', async () => {
    const before = await checkinCount();
    const code = await codeAt(issued.credential, phone, NOW.getTime());
    await expectError(await checkIn(petoneDesk, { code, scanned_at: iso(0) }), 422, 'checkin_wrong_facility');
    const digits = typedDigits(issued.id, await checkinOtp(issued.otp_secret, checkinStep(NOW.getTime())));
    await expectError(await checkIn(petoneDesk, { digits, scanned_at: iso(0) }), 422, 'checkin_bad_otp');
    expect(await checkinCount()).toBe(before);
    // The same key of two desks are two keys (each desk token has its own key space).
    const a = await checkIn(desk, { code, scanned_at: iso(0) }, 'shared-key');
    expect(a.status).toBe(201);
    await expectError(await checkIn(petoneDesk, { code, scanned_at: iso(0) }, 'shared-key'), 422, 'checkin_wrong_facility');
  });

  it('revokes a credential for its member only; a revoked one is refused', async () => {
    const second = await generateCheckinKeyPair(false);
    const other = await issue(alex, 'Wellington', second);
    const unknown = await alex.request('/api/v1/checkin/credentials/99999999', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    const foreign = await sam.request(`/api/v1/checkin/credentials/${other.id}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(unknownBody);
    expect((await alex.request('/api/v1/checkin/credentials/abc', { method: 'DELETE' })).status).toBe(404);
    expect((await alex.request('/api/v1/checkin/credentials/99999999999', { method: 'DELETE' })).status).toBe(404);
    expect((await alex.request(`/api/v1/checkin/credentials/${other.id}`, { method: 'DELETE', headers: { 'Idempotency-Key': 'revoke-1' } })).status).toBe(204);
    expect((await alex.request(`/api/v1/checkin/credentials/${other.id}`, { method: 'DELETE', headers: { 'Idempotency-Key': 'revoke-1' } })).status).toBe(204);
    await expectError(await checkIn(desk, { code: await codeAt(other.credential, second, NOW.getTime()), scanned_at: iso(0) }), 422, 'checkin_revoked');
    const digits = typedDigits(other.id, await checkinOtp(other.otp_secret, checkinStep(NOW.getTime())));
    await expectError(await checkIn(desk, { digits, scanned_at: iso(0) }), 422, 'checkin_revoked');
    const roster = z.parse(deskRoster, await json(await asDesk(desk, '/api/v1/desk/roster')));
    expect(roster.credentials.some((c) => c.id === other.id)).toBe(false);
  });

  it('keeps five live credentials per member and facility: a sixth revokes the oldest', async () => {
    const live = () => db.selectFrom('checkin_credentials').select('id').where('profile_id', '=', alexId).where('facility_id', '=', wellington).where('revoked_at', 'is', null).orderBy('id').execute();
    while ((await live()).length < 5) await issue(alex, 'Wellington', phone);
    const oldest = (await live())[0]!.id;
    const sixth = await issue(alex, 'Wellington', phone);
    const now = (await live()).map((r) => r.id);
    expect(now).toHaveLength(5);
    expect(now).not.toContain(oldest);
    expect(now).toContain(sixth.id);
  });

  it('refuses a desk token that is missing, wrong or signed out', async () => {
    await expectError(await new Browser(server.url).get('/api/v1/desk/roster'), 401, 'desk_unauthorized');
    await expectError(await asDesk('not-a-token', '/api/v1/desk/roster'), 401, 'desk_unauthorized');
    // The admin token is not a desk token.
    await expectError(await asDesk(server.running.adminToken, '/api/v1/desk/roster'), 401, 'desk_unauthorized');
    // X-App-Id is required as on every /api/v1 call.
    await expectError(await new Browser(server.url).request('/api/v1/desk/roster', { appId: false, headers: { Authorization: `Bearer ${petoneDesk}` } }), 400, 'missing_app_id');
    expect((await asDesk(petoneDesk, '/api/v1/desk/sign-out', { method: 'POST' })).status).toBe(204);
    await expectError(await asDesk(petoneDesk, '/api/v1/desk/roster'), 401, 'desk_unauthorized');
    await expectError(await checkIn(petoneDesk, { code: 'x', scanned_at: iso(0) }), 401, 'desk_unauthorized');
    await expectError(await asDesk(petoneDesk, '/api/v1/desk/sign-out', { method: 'POST' }), 401, 'desk_unauthorized');
    // The other desk is still signed in.
    expect((await asDesk(desk, '/api/v1/desk/roster')).status).toBe(200);
  });

  // Two app instances on one PostgreSQL database, as two processes behind a load balancer: the same
  // code sent to both at once under two keys is taken once (the unique (credential, step)).
  it.runIf(process.env.TEST_DATABASE_URL)('takes a code once across two server instances on one database', async () => {
    const second: RunningServer = await startServer({ port: 0, host: '127.0.0.1', ...server.database, databasePoolSize: 4, distDir: `${server.dir}/dist`, now: () => NOW, mailLog: () => undefined });
    try {
      const { visitId: raceVisit } = await bookedClass(wellington, samId, 20 * MINUTE, 80 * MINUTE, 'Desk Race');
      const racePhone = await generateCheckinKeyPair(false);
      const credential = await issue(sam, 'Wellington', racePhone);
      const body = { code: await codeAt(credential.credential, racePhone, NOW.getTime()), scanned_at: iso(0) };
      const send = (url: string, key: string) =>
        new Browser(url).request('/api/v1/desk/checkins', { method: 'POST', json: body, headers: { Authorization: `Bearer ${desk}`, 'Idempotency-Key': key } });
      const answers = await Promise.all([send(server.url, 'race-a'), send(second.url, 'race-b')]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      await expectError(answers.find((r) => r.status === 409)!, 409, 'checkin_code_used');
      expect(await db.selectFrom('checkins').select('id').where('credential_id', '=', credential.id).execute()).toHaveLength(1);
      expect(await visitState(raceVisit)).toBe('attended');
      // The winner's key replayed on the other instance: its answer again.
      const winner = answers[0]!.status === 201 ? 'race-a' : 'race-b';
      const replay = await send(winner === 'race-a' ? second.url : server.url, winner);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    } finally {
      await second.close();
    }
  });
});
