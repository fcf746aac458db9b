// The sandbox card gateway: behaves like a real one, locally. Its tokenisation endpoint
// (POST /sandbox-gateway/v1/tokens, outside /api/v1) takes the card with a member's auth token,
// checks it with the card rules and answers a token; the number is never stored nor logged, only
// how its test number behaves when charged:
//   4242 4242 4242 4242 (and any other valid number) succeeds; 4000 0000 0000 0002 is declined;
//   4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0069 is expired;
//   4000 0000 0000 3220 asks for a 3-D Secure challenge.
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { appPath } from '../../../../core/rules/app-path';
import { cardBrand, cardProblems } from '../../../../core/rules/card';
import type { Database, SandboxBehaviour } from '../../../db/schema';
import type { AppEnv } from '../../../http/context';
import { contentSecurityPolicy } from '../../../http/security-headers';
import type { ChargeFailure, ChargeResult, PaymentGateway, RefundResult } from './gateway';

export const SANDBOX_ID = 'sandbox';
export const SANDBOX_TOKENISE_PATH = '/sandbox-gateway/v1/tokens';
const AUTH_TOKEN_MINUTES = 15;

const BEHAVIOUR_OF: Record<string, SandboxBehaviour> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired',
  '4000000000003220': 'challenge',
};

const FAILURE_OF: Partial<Record<SandboxBehaviour, ChargeFailure>> = { decline: 'card_declined', insufficient_funds: 'insufficient_funds', expired: 'expired_card' };

/** A charge as it stands: a passed challenge makes it succeed, a failed one fails it. */
async function settleChallenge(db: Kysely<Database>, id: string, returnPath: string): Promise<ChargeResult> {
  const row = await db.selectFrom('sandbox_charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (row.status === 'requires_action' && row.challenge === 'passed') {
    await db.updateTable('sandbox_charges').set({ status: 'succeeded' }).where('id', '=', id).execute();
    return { status: 'succeeded', id };
  }
  if (row.status === 'requires_action' && row.challenge === 'failed') {
    await db.updateTable('sandbox_charges').set({ status: 'failed', failure_code: 'authentication_failed' }).where('id', '=', id).execute();
    return { status: 'failed', id, code: 'authentication_failed' };
  }
  if (row.status === 'requires_action') return { status: 'requires_action', id, challenge_url: `/sandbox-gateway/challenges/${id}?return=${encodeURIComponent(returnPath)}` };
  if (row.status === 'failed') return { status: 'failed', id, code: (row.failure_code ?? 'card_declined') as ChargeFailure };
  return { status: 'succeeded', id };
}

/** Only a path of this app is a place to return to (no open redirect). */
function safeReturn(value: unknown): string {
  return appPath(value) ?? '/checkout/payment';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const secret = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * SANDBOX_GATEWAY_LATENCY_MS simulates a slow gateway: each charge is answered that much later,
 * after it is recorded, as a real gateway may charge and then be slow to say so.
 */
function answerLatency(): number {
  const ms = Number(process.env.SANDBOX_GATEWAY_LATENCY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

export function sandboxGateway(db: Kysely<Database>): PaymentGateway {
  const latency = answerLatency();
  const slowly = async (answer: Promise<ChargeResult>): Promise<ChargeResult> => {
    const result = await answer;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    return result;
  };
  return {
    id: SANDBOX_ID,
    name: 'Sandbox',
    async authToken(profileId, now) {
      const token = secret('sat');
      const expires = new Date(now.getTime() + AUTH_TOKEN_MINUTES * 60_000).toISOString();
      await db.deleteFrom('sandbox_auth_tokens').where('expires_at', '<', now.toISOString()).execute();
      await db.insertInto('sandbox_auth_tokens').values({ token, profile_id: profileId, expires_at: expires }).execute();
      return { auth_token: token, expires_at: expires, tokenise_url: SANDBOX_TOKENISE_PATH };
    },
    async charge(request, now) {
      const existing = await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (existing) return slowly(settleChallenge(db, existing.id, request.returnPath));
      const card = await db.selectFrom('sandbox_cards').select(['behaviour']).where('token', '=', request.token).executeTakeFirst();
      const behaviour = card?.behaviour ?? 'decline';
      const id = secret('ch');
      const failure = FAILURE_OF[behaviour];
      await db
        .insertInto('sandbox_charges')
        .values({
          id,
          idempotency_key: request.idempotencyKey,
          token: request.token,
          amount_cents: request.amountCents,
          currency: request.currency,
          status: behaviour === 'succeed' ? 'succeeded' : behaviour === 'challenge' ? 'requires_action' : 'failed',
          failure_code: failure ?? null,
          challenge: behaviour === 'challenge' ? 'pending' : null,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      // Two requests at once with one key: whichever row landed is the charge.
      const landed = await db.selectFrom('sandbox_charges').select('id').where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow();
      return slowly(settleChallenge(db, landed.id, request.returnPath));
    },
    async refund(request, now): Promise<RefundResult> {
      const existing = await db.selectFrom('sandbox_refunds').select('id').where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (existing) return { status: 'succeeded', id: existing.id };
      // Only money a succeeded charge took, less what other refunds gave back (this key's own may be
      // landing at this moment from a simultaneous request), can be refunded.
      const charge = await db.selectFrom('sandbox_charges').select(['amount_cents', 'status']).where('id', '=', request.chargeId).executeTakeFirst();
      const given = await db.selectFrom('sandbox_refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents')).where('charge_id', '=', request.chargeId).where('idempotency_key', '<>', request.idempotencyKey).executeTakeFirstOrThrow();
      if (!charge || charge.status !== 'succeeded' || request.amountCents <= 0 || request.amountCents > charge.amount_cents - Number(given.cents)) return { status: 'failed', code: 'not_refundable' };
      await db
        .insertInto('sandbox_refunds')
        .values({ id: secret('re'), idempotency_key: request.idempotencyKey, charge_id: request.chargeId, amount_cents: request.amountCents, created_at: now.toISOString() })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      // Two requests at once with one key: whichever row landed is the refund.
      const landed = await db.selectFrom('sandbox_refunds').select('id').where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow();
      return { status: 'succeeded', id: landed.id };
    },
    async describeToken(token, profileId) {
      const card = await db.selectFrom('sandbox_cards').select(['brand', 'last4', 'exp_month', 'exp_year']).where('token', '=', token).where('profile_id', '=', profileId).executeTakeFirst();
      return card ?? null;
    },
  };
}

type GatewayError = 'unauthorized' | 'invalid_number' | 'invalid_expiry' | 'invalid_cvc' | 'invalid_request';

function refuse(code: GatewayError, message: string, status: 400 | 401 | 402 = 402): Response {
  return Response.json({ error: { code, message } }, { status, headers: { 'Cache-Control': 'no-store' } });
}

// The challenge page's own look: readable on a phone in light and dark, 44 px buttons; its
// stylesheet allowed by hash like index.html's.
const CHALLENGE_STYLE = ':root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}body{margin:0;padding:1rem}main{max-width:30rem;margin:0 auto}form{margin:0 0 .75rem}button{width:100%;min-height:44px;font:inherit;padding:.5rem 1rem}';
const CHALLENGE_POLICY = contentSecurityPolicy({ scripts: [], styles: [createHash('sha256').update(CHALLENGE_STYLE).digest('base64')] });

/** The sandbox's own endpoints, as a gateway's servers would answer them. */
export function sandboxGatewayRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use(bodyLimit({ maxSize: 4096, onError: () => refuse('invalid_request', 'The request is too large.', 400) }));
  routes.post('/v1/tokens', async (c) => {
    const { db, now } = c.get('deps');
    const at = now();
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const auth = bearer ? await db.selectFrom('sandbox_auth_tokens').selectAll().where('token', '=', bearer).executeTakeFirst() : undefined;
    if (!auth || Date.parse(auth.expires_at) <= at.getTime()) return refuse('unauthorized', 'The auth token is missing or has expired.', 401);
    const body = (await c.req.json().catch(() => null)) as { card?: Record<string, unknown> } | null;
    const card = body?.card;
    const text = (key: string) => (typeof card?.[key] === 'string' || typeof card?.[key] === 'number' ? String(card[key]) : '');
    if (!card) return refuse('invalid_request', 'Send {"card": {"number", "exp_month", "exp_year", "cvc"}}.', 400);
    const number = text('number').replace(/\D/g, '');
    const problems = cardProblems({ number, expMonth: text('exp_month'), expYear: text('exp_year'), cvc: text('cvc') }, at);
    if (problems.includes('number')) return refuse('invalid_number', 'Your card number is not valid.');
    if (problems.includes('expiry')) return refuse('invalid_expiry', 'Your card’s expiry date is not valid.');
    if (problems.includes('cvc')) return refuse('invalid_cvc', 'Your card’s security code is not valid.');
    const year = Number(text('exp_year'));
    const token = secret('tok');
    const stored = {
      token,
      profile_id: auth.profile_id,
      brand: cardBrand(number)!.brand,
      last4: number.slice(-4),
      exp_month: Number(text('exp_month')),
      exp_year: year < 100 ? 2000 + year : year,
      behaviour: BEHAVIOUR_OF[number] ?? 'succeed',
      created_at: at.toISOString(),
    };
    await db.insertInto('sandbox_cards').values(stored).execute();
    return c.json({ id: token, card: { brand: stored.brand, last4: stored.last4, exp_month: stored.exp_month, exp_year: stored.exp_year } }, 201, { 'Cache-Control': 'no-store' });
  });
  // The 3-D Secure challenge page, as a card issuer would show it: complete or fail, then back.
  routes.get('/challenges/:id', async (c) => {
    const row = await c.get('deps').db.selectFrom('sandbox_charges').select(['id', 'amount_cents', 'currency', 'status', 'challenge']).where('id', '=', c.req.param('id')).executeTakeFirst();
    if (!row || row.status !== 'requires_action' || row.challenge !== 'pending') return c.text('There is no challenge waiting here.', 404);
    const back = escapeHtml(safeReturn(c.req.query('return')));
    const amount = escapeHtml(`${(row.amount_cents / 100).toFixed(2)} ${row.currency}`);
    const form = (result: string, label: string) => `<form method="post" action="/sandbox-gateway/challenges/${escapeHtml(row.id)}"><input type="hidden" name="return" value="${back}"><input type="hidden" name="result" value="${result}"><button type="submit">${label}</button></form>`;
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Confirm your payment</title><style>${CHALLENGE_STYLE}</style></head><body><main><h1>Confirm your payment</h1><p>Sandbox bank: approve the payment of ${amount}?</p>${form('pass', 'Complete authentication')}${form('fail', 'Fail authentication')}</main></body></html>`, 200, { 'Cache-Control': 'no-store', 'Content-Security-Policy': CHALLENGE_POLICY });
  });

  routes.post('/challenges/:id', async (c) => {
    const { db } = c.get('deps');
    const body = await c.req.parseBody();
    const result = body.result === 'pass' ? 'passed' : 'failed';
    // Only a charge waiting on its challenge is answered (and only then is anyone sent anywhere).
    const answered = await db.updateTable('sandbox_charges').set({ challenge: result }).where('id', '=', c.req.param('id')).where('status', '=', 'requires_action').where('challenge', '=', 'pending').executeTakeFirst();
    if (Number(answered.numUpdatedRows) === 0) return c.text('There is no challenge waiting here.', 404);
    return c.redirect(safeReturn(body.return), 303);
  });

  return routes;
}
