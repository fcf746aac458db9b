import { Hono } from 'hono';
import { z } from 'zod';
import type { CheckinCredentialIssued, DeskFacilities, DeskSignedIn } from '../../../core/contract/checkin';
import { readPhoneKey, signCredential } from '../../../core/rules/checkin-code';
import type { Deps, AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { answeredBefore, idempotent } from '../../http/idempotency';
import { createLoginRateLimiter, type LoginRateLimiter } from '../../http/rate-limit';
import { clientIp } from '../../http/request-info';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { tokensMatch } from '../admin/token';
import { bearerToken } from '../admin/routes';
import { pathId, requireFacility } from '../booking/http';
import { checkScanTime, roster, takeCheckin, verifyCheckin } from './checkin';
import { createCredential, createDeskToken, facilityKeys, findDesk, findFacility, listFacilities, memberName, revokeCredential, revokeDeskToken, type Desk } from './store';

// Check-in at the front desk with the phone (issue 31 item 1; docs/decisions.md#checkin-code).
// All under /api/v1 with X-App-Id as every call.
//
// The member (session cookie, X-Facility-Id):
// | POST   | /checkin/credentials      | {public_key} (base64url raw P-256) | 201 {id, credential, otp_secret, expires_at, issued_at} |
// | DELETE | /checkin/credentials/{id} | none                               | 204 (another member's or an unknown id: 404); honours Idempotency-Key |
//
// The front desk (staff, no member session):
// | GET    | /desk/facilities | admin token                    | 200 {facilities: [{id, name, org_name, time_zone}]} |
// | POST   | /desk/sign-in    | admin token, {facility_id}     | 201 {desk_token, facility} |
// | POST   | /desk/sign-out   | desk token                     | 204 |
// | GET    | /desk/roster     | desk token                     | 200 {facility, public_key, server_time, classes, bookings, credentials} |
// | POST   | /desk/checkins   | desk token, Idempotency-Key, {code | digits, scanned_at} | 201 {status, member, visit} |
// Tokens go as Authorization: Bearer <token>. A wrong admin token is 401 admin_unauthorized (and
// counted per address: 429 rate_limited past DESK_ADMIN_LIMIT); a missing, unknown or signed-out
// desk token is 401 desk_unauthorized.

const MAX_ID = 2_147_483_647;

const credentialBody = z.object(
  { public_key: z.string({ error: 'public_key must be text: the phone’s P-256 public key, raw, base64url.' }).max(200, 'public_key is too long.') },
  { error: 'The request body must be an object like {"public_key": "BM…"}.' },
);

const signInBody = z.object(
  { facility_id: z.number({ error: 'facility_id must be a facility id.' }).int('facility_id must be a whole number.').positive('facility_id must be positive.').max(MAX_ID, 'facility_id is too large.') },
  { error: 'The request body must be an object like {"facility_id": 1}.' },
);

const checkinBody = z
  .object(
    {
      code: z.string({ error: 'code must be text: the scanned QR code.' }).max(1000, 'code is too long.').optional(),
      digits: z.string({ error: 'digits must be text: the typed check-in digits.' }).max(40, 'digits is too long.').optional(),
      scanned_at: z.iso.datetime({ offset: true, error: 'scanned_at must be a date-time with an offset, e.g. 2026-05-01T06:00:00Z.' }),
    },
    { error: 'The request body must be an object like {"code": "MPC1:…", "scanned_at": "2026-05-01T06:00:00Z"}.' },
  )
  .refine((b) => (b.code === undefined) !== (b.digits === undefined), { message: 'Send exactly one of code and digits.', path: ['code'] });

/** Failed admin-token attempts per address inside a window, before desks from there are refused unchecked. */
const DESK_ADMIN_LIMIT = { perEmail: 1, perIp: 20, perIpHard: 20, windowMs: 15 * 60 * 1000 };

// One limiter per server (its Deps): in process memory, or in Redis across processes.
const limiters = new WeakMap<Deps, LoginRateLimiter>();

function deskLimiter(deps: Deps): LoginRateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) limiters.set(deps, (limiter = createLoginRateLimiter(DESK_ADMIN_LIMIT, deps.now, deps.redis, 'desk-admin')));
  return limiter;
}

/** The admin token (constant time, as adminAuth), failures counted per address. */
async function requireAdminToken(c: AppContext): Promise<void> {
  const deps = c.get('deps');
  const limiter = deskLimiter(deps);
  const ip = clientIp(c);
  const wait = await limiter.addressWait(ip);
  if (wait !== null) throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a while and try again.', undefined, { 'Retry-After': String(wait) });
  const token = bearerToken(c);
  if (!token || !tokensMatch(token, deps.adminToken)) {
    await limiter.recordAttempt(ip);
    throw new ApiError(401, 'admin_unauthorized', 'A valid admin token is required (Authorization: Bearer <token>).', undefined, { 'WWW-Authenticate': 'Bearer realm="admin"' });
  }
}

async function requireDesk(c: AppContext): Promise<Desk> {
  const token = bearerToken(c);
  const desk = token ? await findDesk(c.get('deps').db, token) : null;
  if (!desk) throw new ApiError(401, 'desk_unauthorized', 'This desk is not signed in (Authorization: Bearer <desk token>); sign in again with the admin token.', undefined, { 'WWW-Authenticate': 'Bearer realm="desk"' });
  return desk;
}

export function checkinRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.post('/credentials', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    const facility = requireFacility(c);
    const body = await readJson(c, credentialBody);
    const publicKey = await readPhoneKey(body.public_key);
    if (!publicKey) throw new ApiError(422, 'invalid_key', 'public_key must be a P-256 public key, raw and uncompressed (65 bytes), in base64url.', [{ path: 'public_key', message: 'Not a P-256 public key.' }]);
    const at = now();
    const [keys, name] = await Promise.all([facilityKeys(db, facility.id), memberName(db, facility.id, me)]);
    const created = await createCredential(db, me, facility.id, publicKey, at);
    const credential = await signCredential({ id: created.id, facilityId: facility.id, profileId: me, name, expiresAt: created.expiresAt.getTime() / 1000, publicKey }, keys.privateKey);
    const answer: CheckinCredentialIssued = { id: created.id, credential, otp_secret: created.otpSecret, expires_at: created.expiresAt.toISOString(), issued_at: at.toISOString() };
    return c.json(answer, 201);
  });

  routes.delete('/credentials/:id', async (c) => {
    const me = profileId(c);
    const id = pathId(c);
    return idempotent(c, me, async (trx) => {
      if (!(id <= MAX_ID) || !(await revokeCredential(trx, me, id, c.get('deps').now()))) throw notFound('The check-in pass');
      return { status: 204, body: null };
    });
  });

  return routes;
}

export function deskRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/facilities', async (c) => {
    await requireAdminToken(c);
    const answer: DeskFacilities = { facilities: await listFacilities(c.get('deps').db) };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  routes.post('/sign-in', async (c) => {
    await requireAdminToken(c);
    const { db, now } = c.get('deps');
    const body = await readJson(c, signInBody);
    const facility = await findFacility(db, body.facility_id);
    if (!facility) throw notFound('The facility');
    const answer: DeskSignedIn = { desk_token: await createDeskToken(db, facility.id, now()), facility };
    return c.json(answer, 201, { 'Cache-Control': 'no-store' });
  });

  routes.post('/sign-out', async (c) => {
    const desk = await requireDesk(c);
    const { db, now } = c.get('deps');
    await revokeDeskToken(db, desk.tokenId, now());
    return c.body(null, 204);
  });

  routes.get('/roster', async (c) => {
    const desk = await requireDesk(c);
    const { db, now } = c.get('deps');
    return c.json(await roster(db, desk, now()), 200, { 'Cache-Control': 'no-store' });
  });

  routes.post('/checkins', async (c) => {
    const desk = await requireDesk(c);
    const { db, now } = c.get('deps');
    if (c.req.header('idempotency-key') === undefined) throw new ApiError(400, 'invalid_idempotency_key', 'A check-in needs an Idempotency-Key header (1 to 200 letters, digits or . _ : -).');
    // The desk's queue sending a check-in again: the first answer, even if the code is now stale.
    const replay = await answeredBefore(c, { deskTokenId: desk.tokenId });
    if (replay) return replay;
    const body = await readJson(c, checkinBody);
    const scannedAt = new Date(body.scanned_at);
    checkScanTime(scannedAt, now());
    // The signatures (or the password) are checked before the write's transaction: no lock is
    // held while they are computed.
    const verified = await verifyCheckin(db, desk, { code: body.code, digits: body.digits, scannedAt });
    return idempotent(c, { deskTokenId: desk.tokenId }, async (trx) => ({ status: 201, body: await takeCheckin(trx, desk, verified, scannedAt, now()) }));
  });

  return routes;
}
