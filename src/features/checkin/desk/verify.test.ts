import { describe, expect, it } from 'vitest';
import { checkinOtp, checkinStep, generateCheckinKeyPair, mintCode, rawPublicKey, signCredential, toBase64Url, typedDigits } from '../../../../core/rules/checkin-code';
import type { DeskRoster } from '../../../../core/contract/checkin';
import { verifyAtDesk } from './verify';
import type { DeskRosterKept } from './store';

const NOW = Date.parse('2026-11-27T18:10:00Z');

async function desk() {
  const facility = await generateCheckinKeyPair(true);
  const phone = await generateCheckinKeyPair(false);
  const secret = toBase64Url(new Uint8Array(32).fill(7));
  const credential = await signCredential({ id: 42, facilityId: 7, profileId: 3, name: 'Sam Lee', expiresAt: NOW / 1000 + 86_400, publicKey: await rawPublicKey(phone.publicKey) }, facility.privateKey);
  const roster: DeskRoster = {
    facility: { id: 7, name: 'Wellington', org_name: 'Harbour', time_zone: 'Pacific/Auckland' },
    public_key: (await crypto.subtle.exportKey('jwk', facility.publicKey)) as DeskRoster['public_key'],
    server_time: new Date(NOW).toISOString(),
    classes: [{ id: 9, name: 'CrossFit', start_at: '2026-11-27T18:30:00Z', end_at: '2026-11-27T19:30:00Z' }],
    bookings: [{ visit_id: 1, session_id: 9, profile_id: 3, name: 'Sam Lee', state: 'booked' }],
    credentials: [{ id: 42, profile_id: 3, name: 'Sam Lee', otp_secret: secret, expires_at: new Date(NOW + 86_400_000).toISOString() }],
  };
  const kept: DeskRosterKept = { roster, fetchedAt: NOW, clockOffsetMs: 0 };
  return { phone, credential, secret, kept };
}

describe('the desk checks a code with no network', () => {
  it('a code of a member booked soon: their name, the class, checked in', async () => {
    const { phone, credential, kept } = await desk();
    const verdict = await verifyAtDesk({ code: await mintCode(credential, phone.privateKey, checkinStep(NOW)) }, kept, NOW);
    expect(verdict).toMatchObject({ ok: true, credentialId: 42, profileId: 3, name: 'Sam Lee', status: 'checked_in', session: { id: 9 } });
  });

  it('refuses a code minted 5 min ago, also on a desk whose own clock is 5 min slow (it goes by the studio’s clock)', async () => {
    const { phone, credential, kept } = await desk();
    const code = await mintCode(credential, phone.privateKey, checkinStep(NOW - 5 * 60_000));
    expect(await verifyAtDesk({ code }, kept, NOW)).toEqual({ ok: false, reason: 'code_expired' });
    expect(await verifyAtDesk({ code }, { ...kept, clockOffsetMs: 5 * 60_000 }, NOW - 5 * 60_000)).toEqual({ ok: false, reason: 'code_expired' });
  });

  it('typed digits of a member on the list; wrong digits and unknown members refused', async () => {
    const { secret, kept } = await desk();
    const otp = await checkinOtp(secret, checkinStep(NOW));
    expect(await verifyAtDesk({ digits: typedDigits(42, otp) }, kept, NOW)).toMatchObject({ ok: true, credentialId: 42, status: 'checked_in' });
    expect(await verifyAtDesk({ digits: typedDigits(42, otp === '000000' ? '000001' : '000000') }, kept, NOW)).toEqual({ ok: false, reason: 'bad_otp' });
    expect(await verifyAtDesk({ digits: typedDigits(43, otp) }, kept, NOW)).toEqual({ ok: false, reason: 'unknown_digits' });
    expect(await verifyAtDesk({ digits: '12' }, kept, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a member already in, or with no class now, is said so', async () => {
    const { phone, credential, kept } = await desk();
    const code = await mintCode(credential, phone.privateKey, checkinStep(NOW));
    const attended = { ...kept, roster: { ...kept.roster, bookings: [{ ...kept.roster.bookings[0]!, state: 'attended' as const }] } };
    expect(await verifyAtDesk({ code }, attended, NOW)).toMatchObject({ ok: true, status: 'already_checked_in' });
    const none = { ...kept, roster: { ...kept.roster, bookings: [] } };
    expect(await verifyAtDesk({ code }, none, NOW)).toMatchObject({ ok: true, status: 'no_booking', session: null });
  });
});
