// The member's check-in credential on this device (issue 31, item 1; docs/decisions.md#checkin-code).
// Made while online: the phone makes its own key pair (the private half non-extractable, kept in
// IndexedDB), the server signs the public half into a credential for the facility. From then on
// the phone mints the rotating code with the network cut (core/rules/checkin-code). It is member
// data: the sign-out wipe takes it with the key, and nothing can mint this member's codes again.
import { liveQuery } from 'dexie';
import { db, type StoredCheckinCredential } from '../../data/db';
import { apiRequest, facilityScope } from '../../data/api/client';
import { CHECKIN_RENEW_DAYS, checkinOtp, checkinStep, generateCheckinKeyPair, mintCode, rawPublicKey, toBase64Url } from '../../../core/rules/checkin-code';
import type { CheckinCredentialIssued } from '../../../core/contract/checkin';

const DAY_MS = 86_400_000;

export const credentialKey = (profileId: number, facilityGuid: string) => `${profileId}:${facilityGuid}`;

/** Whether a credential can still be shown, and whether it is time to ask for the next one. */
export function credentialState(stored: StoredCheckinCredential | undefined, now: number): 'missing' | 'renew' | 'fresh' {
  if (!stored || stored.expiresAt <= now) return 'missing';
  return stored.expiresAt - now < CHECKIN_RENEW_DAYS * DAY_MS ? 'renew' : 'fresh';
}

const asking = new Map<string, Promise<StoredCheckinCredential>>();

/** Asks the server for a credential for this member and facility (online only), and keeps it. One request at a time per key. */
export function provisionCredential(profileId: number, facilityGuid: string): Promise<StoredCheckinCredential> {
  const key = credentialKey(profileId, facilityGuid);
  let pending = asking.get(key);
  if (!pending) {
    pending = (async () => {
      const pair = await generateCheckinKeyPair(false);
      const sentAt = Date.now();
      const issued = await apiRequest<CheckinCredentialIssued>('POST', '/checkin/credentials', {
        scope: facilityScope(facilityGuid),
        body: { public_key: toBase64Url(await rawPublicKey(pair.publicKey)) },
        schema: 'checkinCredentialIssued',
      });
      const receivedAt = Date.now();
      const stored: StoredCheckinCredential = {
        key,
        id: issued.id,
        credential: issued.credential,
        otpSecret: issued.otp_secret,
        expiresAt: Date.parse(issued.expires_at),
        privateKey: pair.privateKey,
        clockOffsetMs: Date.parse(issued.issued_at) - (sentAt + receivedAt) / 2,
      };
      // Still the member signed in here (a sign-out meanwhile wiped the table: nothing to keep).
      const auth = await db.meta.get('auth');
      if (auth?.key === 'auth' && auth.profileId === profileId) await db.checkinCredentials.put(stored);
      return stored;
    })().finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  return pending;
}

/** The code and the typed digits' password the phone shows at `step`. */
export async function codeAt(stored: StoredCheckinCredential, step: number): Promise<{ code: string; otp: string }> {
  const [code, otp] = await Promise.all([mintCode(stored.credential, stored.privateKey, step), checkinOtp(stored.otpSecret, step)]);
  return { code, otp };
}

/** The studio's clock as this device best knows it: its step now. */
export function studioStep(stored: StoredCheckinCredential, now = Date.now()): number {
  return checkinStep(now + stored.clockOffsetMs);
}

/**
 * Keeps the signed-in member's credential for the chosen facility ready before it is needed (a
 * basement has no signal): asks for one when there is none or it is near its end, whenever the
 * member, the facility or the connection changes. Started after the first screen (app/boot.ts).
 */
export function keepCredentialReady(): () => void {
  let current: { profileId: number; facilityGuid: string } | null = null;
  const ensure = async (profileId: number, facilityGuid: string) => {
    const key = credentialKey(profileId, facilityGuid);
    if (!navigator.onLine || credentialState(await db.checkinCredentials.get(key), Date.now()) === 'fresh') return;
    await provisionCredential(profileId, facilityGuid);
  };
  const subscription = liveQuery(() => db.meta.get('auth')).subscribe({
    next: (auth) => {
      const who = auth?.key === 'auth' && auth.status === 'authenticated' && auth.profileId !== null && auth.facilityGuid ? { profileId: auth.profileId, facilityGuid: auth.facilityGuid } : null;
      if (who?.profileId === current?.profileId && who?.facilityGuid === current?.facilityGuid) return;
      current = who;
      if (who) ensure(who.profileId, who.facilityGuid).catch((error: unknown) => console.warn('The check-in code could not be set up', error));
    },
  });
  const online = () => {
    if (current) ensure(current.profileId, current.facilityGuid).catch(() => undefined);
  };
  window.addEventListener('online', online);
  return () => {
    subscription.unsubscribe();
    window.removeEventListener('online', online);
  };
}
