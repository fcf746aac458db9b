// Stored cards through the sandbox gateway: the app tokenises the card at the gateway with a
// member's auth token (never through /api/v1) and stores the token; brand, last four and expiry
// are kept, never the number; the first card is the default; another member's card or token is
// never theirs. On SQLite and, under npm run test:pg, PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';

interface Source { id: number; gateway_id: string; brand: string; last4: string; exp_month: number; exp_year: number; default: boolean }

describe('cards', () => {
  let server: TestServer;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;

  /** What the app does: an auth token from our API, then the card straight to the gateway. */
  async function tokenise(who: Browser, card: Record<string, unknown>): Promise<Response> {
    const auth = await json<{ auth_token: string; tokenise_url: string }>(await who.get('/api/v1/gateways/sandbox/auth_token'));
    return fetch(`${server.url}${auth.tokenise_url}`, { method: 'POST', headers: { Authorization: `Bearer ${auth.auth_token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ card }) });
  }
  const store = (who: Browser, token: string) => who.request('/api/v1/payment_sources', { method: 'POST', json: { source: { gateway_id: 'sandbox', token } }, headers: wellington });
  const list = async (who: Browser) => json<Source[]>(await who.get('/api/v1/payment_sources?gateway_id=sandbox', { headers: wellington }));

  beforeAll(async () => {
    server = await startTestServer();
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
  });
  afterAll(() => server.close());

  it('offers the sandbox gateway and stores a tokenised card as the default, keeping no number', async () => {
    expect(await json(await alex.get('/api/v1/gateways'))).toEqual([{ id: 'sandbox', name: 'Sandbox' }]);
    const res = await tokenise(alex, { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2031', cvc: '123' });
    expect(res.status).toBe(201);
    const token = (await res.json()) as { id: string; card: { brand: string; last4: string } };
    expect(token.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 });
    const stored = await store(alex, token.id);
    expect(stored.status).toBe(201);
    expect(await list(alex)).toEqual([{ id: expect.any(Number), gateway_id: 'sandbox', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, default: true }]);
    if (server.database.databaseFile && !server.database.databaseUrl) {
      const file = readFileSync(path.resolve(server.database.databaseFile));
      expect(file.includes(Buffer.from('4242424242424242'))).toBe(false);
      expect(file.includes(Buffer.from('4242 4242 4242 4242'))).toBe(false);
    }
  });

  it('refuses a bad number, expiry or CVC at the gateway, and a missing or expired auth token', async () => {
    expect(await (await tokenise(alex, { number: '4242 4242 4242 4241', exp_month: '12', exp_year: '2031', cvc: '123' })).json()).toMatchObject({ error: { code: 'invalid_number' } });
    expect(await (await tokenise(alex, { number: '4242424242424242', exp_month: '1', exp_year: '2001', cvc: '123' })).json()).toMatchObject({ error: { code: 'invalid_expiry' } });
    expect(await (await tokenise(alex, { number: '378282246310005', exp_month: '1', exp_year: '2031', cvc: '123' })).json()).toMatchObject({ error: { code: 'invalid_cvc' } });
    const anonymous = await fetch(`${server.url}/sandbox-gateway/v1/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"card":{}}' });
    expect(anonymous.status).toBe(401);
    await server.running.db.updateTable('sandbox_auth_tokens').set({ expires_at: new Date(0).toISOString() }).execute();
    const auth = await server.running.db.selectFrom('sandbox_auth_tokens').select('token').executeTakeFirstOrThrow();
    const expired = await fetch(`${server.url}/sandbox-gateway/v1/tokens`, { method: 'POST', headers: { Authorization: `Bearer ${auth.token}`, 'Content-Type': 'application/json' }, body: '{"card":{}}' });
    expect(expired.status).toBe(401);
    expect((await store(alex, 'tok_made_up')).status).toBe(422);
  });

  it('keeps cards apart: another member can neither store my token nor remove my card', async () => {
    const token = (await (await tokenise(alex, { number: '5555555555554444', exp_month: '10', exp_year: '2030', cvc: '321' })).json()) as { id: string };
    expect((await store(sam, token.id)).status).toBe(422);
    expect((await store(alex, token.id)).status).toBe(201);
    const mine = await list(alex);
    const mastercard = mine.find((s) => s.brand === 'mastercard')!;
    expect(mastercard.default).toBe(false);
    expect((await sam.request(`/api/v1/payment_sources/${mastercard.id}`, { method: 'DELETE', headers: wellington })).status).toBe(404);
    expect(await list(sam)).toEqual([]);
  });

  it('moves the default and gives it to another card when the default is removed', async () => {
    const [visa, mastercard] = await list(alex);
    expect((await alex.put(`/api/v1/payment_sources/${mastercard!.id}/default`, {}, { headers: wellington })).status).toBe(200);
    expect((await list(alex)).map((s) => [s.brand, s.default])).toEqual([['visa', false], ['mastercard', true]]);
    expect((await alex.request(`/api/v1/payment_sources/${mastercard!.id}`, { method: 'DELETE', headers: wellington })).status).toBe(200);
    expect(await list(alex)).toEqual([expect.objectContaining({ id: visa!.id, default: true })]);
  });
});
