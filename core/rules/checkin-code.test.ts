import { describe, expect, it } from 'vitest';
import {
  CHECKIN_STEP_SECONDS,
  classToCheckIn,
  checkinOtp,
  checkinStep,
  generateCheckinKeyPair,
  matchOtp,
  mintCode,
  rawPublicKey,
  readCredential,
  readPhoneKey,
  readTypedDigits,
  signCredential,
  toBase64Url,
  typedDigits,
  verifyCode,
  type CredentialClaims,
} from './checkin-code';

const NOW = Date.parse('2026-11-27T18:00:10Z');
const STEP = checkinStep(NOW);

async function setup(overrides: Partial<CredentialClaims> = {}) {
  const facility = await generateCheckinKeyPair(true);
  const phone = await generateCheckinKeyPair(false);
  const claims: CredentialClaims = { id: 42, facilityId: 7, profileId: 3, name: 'Sam Lee', expiresAt: NOW / 1000 + 86_400, publicKey: await rawPublicKey(phone.publicKey), ...overrides };
  const credential = await signCredential(claims, facility.privateKey);
  return { facility, phone, claims, credential };
}

describe('check-in codes', () => {
  it('a code minted by the phone verifies at the desk with the facility public key alone', async () => {
    const { facility, phone, credential } = await setup();
    const code = await mintCode(credential, phone.privateKey, STEP);
    const check = await verifyCode(code, facility.publicKey, 7, NOW);
    expect(check).toMatchObject({ ok: true, step: STEP, claims: { id: 42, facilityId: 7, profileId: 3, name: 'Sam Lee' } });
  });

  it('takes the steps of the window and refuses those outside it', async () => {
    const { facility, phone, credential } = await setup();
    const at = async (step: number) => verifyCode(await mintCode(credential, phone.privateKey, step), facility.publicKey, 7, NOW);
    expect((await at(STEP - 2)).ok).toBe(true);
    expect((await at(STEP + 1)).ok).toBe(true);
    expect(await at(STEP - 3)).toEqual({ ok: false, reason: 'code_expired' });
    expect(await at(STEP + 2)).toEqual({ ok: false, reason: 'code_early' });
  });

  it('refuses another facility, an expired credential, a forged credential and a changed step', async () => {
    const { facility, phone, credential } = await setup();
    const code = await mintCode(credential, phone.privateKey, STEP);
    expect(await verifyCode(code, facility.publicKey, 8, NOW)).toEqual({ ok: false, reason: 'wrong_facility' });
    const expired = await setup({ expiresAt: NOW / 1000 - 1 });
    expect(await verifyCode(await mintCode(expired.credential, expired.phone.privateKey, STEP), expired.facility.publicKey, 7, NOW)).toEqual({ ok: false, reason: 'credential_expired' });
    // A credential signed by another key (a member who made their own facility key).
    const other = await generateCheckinKeyPair(true);
    const forged = await signCredential({ ...readCredential(credential)!, profileId: 99 }, other.privateKey);
    expect(await verifyCode(await mintCode(forged, phone.privateKey, STEP), facility.publicKey, 7, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    // A code whose step was changed after signing (an old photo made current).
    const old = await mintCode(credential, phone.privateKey, STEP - 10);
    const bytes = Uint8Array.from(atob(old.slice(5).replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
    const stepAt = bytes.length - 64 - 4;
    new DataView(bytes.buffer).setUint32(stepAt, STEP);
    expect(await verifyCode('MPC1:' + toBase64Url(bytes), facility.publicKey, 7, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    // Another phone cannot mint codes of this credential.
    const thief = await generateCheckinKeyPair(false);
    expect(await verifyCode(await mintCode(credential, thief.privateKey, STEP), facility.publicKey, 7, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('reads anything else as malformed, never throws', async () => {
    const { facility } = await setup();
    for (const text of ['', 'hello', 'MPC1:', 'MPC1:!!!', 'MPC1:AAAA', 'https://example.com/']) {
      expect(await verifyCode(text, facility.publicKey, 7, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('keeps names to 48 bytes, cut at a character', async () => {
    const { credential } = await setup({ name: 'Zoë ' + 'Ä'.repeat(40) });
    const name = readCredential(credential)!.name;
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(48);
    expect(name.startsWith('Zoë ÄÄ')).toBe(true);
  });

  it('typed digits: the password of RFC 4226 truncation, six digits, matched in the window', async () => {
    const secret = toBase64Url(new TextEncoder().encode('12345678901234567890'));
    // RFC 6238's SHA-256 vector for T = 1 (59 s): 46119246 → its last six digits.
    expect(await checkinOtp(toBase64Url(new TextEncoder().encode('12345678901234567890123456789012')), 1)).toBe('119246');
    const otp = await checkinOtp(secret, STEP - 1);
    expect(await matchOtp(secret, otp, NOW)).toBe(STEP - 1);
    expect(await matchOtp(secret, await checkinOtp(secret, STEP - 5), NOW)).toBeNull();
    expect(readTypedDigits(typedDigits(42, otp))).toEqual({ credentialId: 42, otp });
    expect(readTypedDigits('12')).toBeNull();
    expect(readTypedDigits('0000000 123456'.replace(' ', ''))).toBeNull();
  });

  it('a phone key is a P-256 point, else null', async () => {
    const { phone } = await setup();
    const raw = toBase64Url(await rawPublicKey(phone.publicKey));
    expect(await readPhoneKey(raw)).toHaveLength(65);
    expect(await readPhoneKey('AAAA')).toBeNull();
    expect(await readPhoneKey(toBase64Url(new Uint8Array(65).fill(4)))).toBeNull();
    expect(CHECKIN_STEP_SECONDS).toBe(30);
  });
});

describe('the class a check-in is for', () => {
  const at = (iso: string) => Date.parse(iso);
  const classes = [
    { id: 1, start_at: '2026-11-27T07:00:00Z', end_at: '2026-11-27T08:00:00Z' },
    { id: 2, start_at: '2026-11-27T08:00:00Z', end_at: '2026-11-27T09:00:00Z' },
    { id: 3, start_at: '2026-11-27T18:00:00Z', end_at: '2026-11-27T19:00:00Z' },
  ];
  it('is the class on now or starting within the hour, the nearest start when two are', () => {
    expect(classToCheckIn(classes, at('2026-11-27T06:00:00Z'))?.id).toBe(1);
    expect(classToCheckIn(classes, at('2026-11-27T07:40:00Z'))?.id).toBe(2);
    expect(classToCheckIn(classes, at('2026-11-27T07:20:00Z'))?.id).toBe(1);
    expect(classToCheckIn(classes, at('2026-11-27T19:00:00Z'))?.id).toBe(3);
  });
  it('is none before the hour or after the end', () => {
    expect(classToCheckIn(classes, at('2026-11-27T05:59:59Z'))).toBeNull();
    expect(classToCheckIn(classes, at('2026-11-27T19:00:01Z'))).toBeNull();
    expect(classToCheckIn([], at('2026-11-27T07:00:00Z'))).toBeNull();
  });
});
