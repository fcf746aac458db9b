// A check-in at the desk (issue 31, item 1): verified here, kept, shown at once, then sent, exactly
// once: each is sent under its own Idempotency-Key, again after any failure, until the server
// answered it (the server then answers a repeat with its first answer). With the network cut the
// desk goes on taking codes; they go out when it is back.
import { ApiError } from '../../../data/api/errors';
import { sendCheckin } from './api';
import { addCheckin, keepRoster, listCheckins, takeCode, updateCheckin, type DeskCheckin, type DeskRosterKept, type DeskSignIn } from './store';
import { verifyAtDesk, type DeskInput } from './verify';

const listeners = new Set<() => void>();

/** Called whenever a check-in was added or answered. */
export function subscribeDesk(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((listener) => listener());

export type DeskRefusal = Exclude<Awaited<ReturnType<typeof verifyAtDesk>>, { ok: true }>['reason'] | 'code_used';

/** Reads one scan: the check-in taken (queued to send), or why it is refused. */
export async function takeCheckin(input: DeskInput, kept: DeskRosterKept, signIn: DeskSignIn, now = Date.now()): Promise<DeskCheckin | { refused: DeskRefusal }> {
  const verdict = await verifyAtDesk(input, kept, now);
  const scannedAt = now + kept.clockOffsetMs;
  let checkin: DeskCheckin;
  if (verdict.ok) {
    if (!(await takeCode(`${verdict.credentialId}:${verdict.step}`, scannedAt))) return { refused: 'code_used' };
    checkin = { key: crypto.randomUUID(), scannedAt, body: input, name: verdict.name, session: verdict.session, localStatus: verdict.status, sync: 'queued' };
    // The member is in now: a second code of theirs for the same class says so, offline too.
    if (verdict.session && verdict.status === 'checked_in') {
      const bookings = kept.roster.bookings.map((b) => (b.profile_id === verdict.profileId && b.session_id === verdict.session!.id ? { ...b, state: 'attended' as const } : b));
      await keepRoster({ ...kept, roster: { ...kept.roster, bookings } });
    }
  } else if (verdict.reason === 'unknown_digits' && navigator.onLine) {
    // Digits of a member not booked today: only the server knows them; it answers when sent.
    checkin = { key: crypto.randomUUID(), scannedAt, body: input, name: '', session: null, localStatus: 'no_booking', sync: 'queued' };
  } else {
    return { refused: verdict.reason };
  }
  await addCheckin(checkin);
  changed();
  await flushDesk(signIn.token);
  return checkin;
}

let flushing: Promise<void> | null = null;

/** Sends what is queued, oldest first; stops at the first failure of the network (tried again later). */
export function flushDesk(token: string): Promise<void> {
  flushing ??= (async () => {
    try {
      const queued = (await listCheckins()).filter((c) => c.sync === 'queued').reverse();
      for (const checkin of queued) {
        try {
          const result = await sendCheckin(token, checkin.key, { ...checkin.body, scanned_at: new Date(checkin.scannedAt).toISOString() });
          await updateCheckin(checkin.key, { sync: 'sent', result, name: checkin.name || result.member.name, session: checkin.session ?? result.visit?.session ?? null });
        } catch (error) {
          // The server's refusal is its answer (a code another desk took first, one it finds
          // expired): shown, not sent again. Anything else (offline, a timeout, 5xx, 429, a desk
          // token revoked) leaves it queued.
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
          if (!refused) return;
          await updateCheckin(checkin.key, { sync: 'refused', refusal: { code: error.code, message: error.message } });
        } finally {
          changed();
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
