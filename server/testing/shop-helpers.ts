// A member's card stored as the app stores it: an auth token from the server, the number sent
// straight to the sandbox gateway's tokenisation endpoint, the token it answers saved as a
// payment source. Answers the stored card's id.
import { json, type Browser } from './helpers';

export async function storeCard(who: Browser, number: string, headers: Record<string, string>): Promise<number> {
  const auth = await json<{ auth_token: string; tokenise_url: string }>(await who.get('/api/v1/gateways/sandbox/auth_token'));
  const res = await fetch(`${who.baseUrl}${auth.tokenise_url}`, { method: 'POST', headers: { Authorization: `Bearer ${auth.auth_token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ card: { number, exp_month: '12', exp_year: '2031', cvc: '123' } }) });
  const token = (await res.json()) as { id: string };
  return (await json<{ id: number }>(await who.request('/api/v1/payment_sources', { method: 'POST', json: { source: { gateway_id: 'sandbox', token: token.id } }, headers }))).id;
}
