// Notifications into Dexie: the list pulled from the server replaces the table, and single rows
// arriving live (Faye in the page, Web Push in the service worker) are upserted or removed. A row
// a queued "mark read" touched keeps its local read_at until that write settles (see docs/rules.md#sync).
// The service worker imports this module: no window or document here.
import { getNotifications } from "./api";
import { pullSession } from '../booking/public-sync';
import { refreshAppointment } from '../appointments/public-sync';
import type { AppNotification } from '../../../core/contract/types';
import { db } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { pendingTouches } from '../../data/sync/outbox';
import { refresh, type PullContext, type RefreshOptions, type RefreshResult } from '../../data/sync/pull';
import { inTransaction } from '../../data/transaction';
import { confirmedSince, touchKey } from '../../data/sync/touches';
import { reportingQuota } from '../../data/sync/status';
import { registerMemberMemory } from '../../data/memory';

import { NOTIFICATIONS_RESOURCE } from './resource';
export const NOTIFICATIONS_MAX_AGE_MS = 60_000;

/** The outbox touch key of a notification row. */
export const notificationKey = (id: number) => touchKey('notifications', id);

/**
 * Runs `write` in one rw transaction with the outbox and the auth row, and only while the same
 * member is signed in: an answer that arrives after a sign-out (or another member's sign-in) is dropped.
 * For a pull, rows a write confirmed after it started count as touched: its copy of them is older.
 */
function writeForMember(profileId: number | null, write: (touched: Set<string>) => Promise<void>, pull?: PullContext): Promise<boolean> {
  // A live message that does not fit on a full disk shows in the sync status too.
  return reportingQuota(() => db.transaction('rw', [db.notifications, db.outbox, db.meta, db.confirmations], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated' || (profileId !== null && auth.profileId !== profileId)) return false;
    const touched = await inTransaction(pendingTouches());
    if (pull) for (const key of await inTransaction(confirmedSince(pull.startedAt))) touched.add(key);
    await inTransaction(write(touched));
    return true;
  }));
}

/** The server's row, but a read the device has queued stays read (with the server's time once it has one). */
function merged(server: AppNotification, local: AppNotification | undefined, touched: Set<string>): AppNotification {
  if (!touched.has(notificationKey(server.id)) || !local) return server;
  return { ...server, read_at: server.read_at ?? local.read_at };
}

/**
 * Live writes in this context, numbered, so a pull whose list was made before a live message
 * arrived does not undo that message (delete a new row, or bring back a removed one).
 */
let liveSeq = 0;
const liveWrites = new Map<number, number>();
registerMemberMemory(() => liveWrites.clear());

function noteLive(id: number): void {
  liveSeq += 1;
  liveWrites.set(id, liveSeq);
}

/** Whether a server row belongs in the table at all (a live update with removed_at removes it; see docs/rules.md#notifications). */
const isRemoved = (n: AppNotification) => Boolean(n.removed_at);

/**
 * GET /notifications replaces the table in one transaction: rows the server no longer lists go,
 * except those a queued write touched (the write's answer settles them).
 */
export async function pullNotifications(options: RefreshOptions & { maxAgeMs?: number } = {}): Promise<RefreshResult> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated') return 'fresh';
  return refresh(
    NOTIFICATIONS_RESOURCE,
    options.maxAgeMs ?? NOTIFICATIONS_MAX_AGE_MS,
    async (context) => {
      const since = liveSeq;
      const list = (await getNotifications()).filter((n) => !isRemoved(n));
      let fresh: AppNotification[] = [];
      let firstPull = false;
      await writeForMember(auth.profileId, async (touched) => {
        const newer = (id: number) => (liveWrites.get(id) ?? 0) > since;
        const local = new Map((await db.notifications.toArray()).map((n) => [n.id, n]));
        const listed = new Set(list.map((n) => n.id));
        const gone = [...local.keys()].filter((id) => !listed.has(id) && !touched.has(notificationKey(id)) && !newer(id));
        if (gone.length > 0) await db.notifications.bulkDelete(gone);
        await db.notifications.bulkPut(list.filter((n) => !newer(n.id)).map((n) => merged(n, local.get(n.id), touched)));
        // One the live channel missed (not yet connected, reconnecting) changes its class or appointment all
        // the same. A first pull on this device lists its whole history: only what the device holds is fetched.
        fresh = list.filter((n) => !local.has(n.id));
        firstPull = local.size === 0;
      }, context);
      await refreshNamedBy(fresh, firstPull);
      // One notifications pull runs at a time (refresh shares it): older marks are spent.
      for (const [id, seq] of liveWrites) if (seq <= since) liveWrites.delete(id);
    },
    options,
  );
}

/** A notification as the server sent it live: stored (or removed when it carries removed_at). */
export function receiveNotification(notification: AppNotification): Promise<boolean> {
  noteLive(notification.id);
  void refreshNamedBy([notification], false);
  return writeForMember(null, async (touched) => {
    if (isRemoved(notification)) {
      await db.notifications.delete(notification.id);
      return;
    }
    const local = await db.notifications.get(notification.id);
    await db.notifications.put(merged(notification, local, touched));
  });
}

/**
 * An offer, a cancellation, booking opening or a weekly booking changes the class it names: fetch that class now, so Confirm and
 * Decline work from the notification and the timetable shows the new state. A prompt to log a class's workout: so its form
 * opens prefilled from the whiteboard, offline too.
 */
function classToRefresh(notification: AppNotification): number | undefined {
  const classId = notification.params.class?.id;
  return ['waitlist', 'class_cancelled', 'booking_open', 'recurring_booking', 'log_workout'].includes(notification.type) ? classId : undefined;
}

/** A moved or cancelled appointment: fetch it now (its copy may still count as fresh). */
function appointmentToRefresh(notification: AppNotification): number | undefined {
  return notification.type === 'appointment' ? notification.params.appointment?.id : undefined;
}

/**
 * Fetches, once each, the classes and appointments named by notifications new to the device. On a
 * first pull (the whole history) only classes the device holds: their copy may predate the
 * notification; the rest are fetched when opened, not dozens at sign-in.
 */
async function refreshNamedBy(notifications: AppNotification[], firstPull: boolean): Promise<void> {
  let classes = [...new Set(notifications.map(classToRefresh).filter((id) => id !== undefined))];
  const appointments = new Set(notifications.map(appointmentToRefresh).filter((id) => id !== undefined));
  if (firstPull) {
    const held = await db.sessions.bulkGet(classes);
    classes = classes.filter((_, index) => held[index] !== undefined);
  }
  for (const id of classes) void pullSession(id, { force: true }).catch(() => undefined);
  // refreshAppointment fetches only an appointment the device holds.
  for (const id of appointments) void refreshAppointment(id).catch(() => undefined);
}

/** The server removed a notification: it goes, whatever is queued for it. */
export function removeNotification(id: number): Promise<boolean> {
  noteLive(id);
  return writeForMember(null, async () => {
    await db.notifications.delete(id);
  });
}
