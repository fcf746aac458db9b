// What the front desk keeps on its own device (issue 31, item 1): its sign-in (a desk token for
// one facility, never the admin token), the facility's public key and today's roster, the codes it
// has taken, and the check-ins still to send. A database of its own: the desk is the studio's, not
// a member's, so a member signing in or out on the same device neither sees nor wipes it.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DeskCheckinResult, DeskRoster } from '../../../../core/contract/checkin';

export interface DeskSignIn {
  token: string;
  facility: DeskRoster['facility'];
}

export interface DeskRosterKept {
  roster: DeskRoster;
  /** When it came (this device's clock), and the server's clock minus this device's then. */
  fetchedAt: number;
  clockOffsetMs: number;
}

/** A check-in the desk took: shown at once, sent when it can be, exactly once (its key). */
export interface DeskCheckin {
  /** The Idempotency-Key it is sent with. */
  key: string;
  scannedAt: number;
  /** What was read: a code or typed digits. */
  body: { code: string } | { digits: string };
  /** The member and class as the desk worked them out (offline too). */
  name: string;
  session: DeskRoster['classes'][number] | null;
  localStatus: DeskCheckinResult['status'];
  /** 'queued' until the server answered; then its answer, or its refusal. */
  sync: 'queued' | 'sent' | 'refused';
  result?: DeskCheckinResult;
  refusal?: { code: string; message: string };
}

interface DeskDb extends DBSchema {
  state: { key: 'sign-in'; value: DeskSignIn } | { key: 'roster'; value: DeskRosterKept };
  checkins: { key: string; value: DeskCheckin; indexes: { scannedAt: number } };
  /** (credential, step) pairs this desk took: a second scan of a code is refused here, offline too. */
  taken: { key: string; value: { at: number } };
}

const DB_NAME = 'member-pwa-desk';

let opened: Promise<IDBPDatabase<DeskDb>> | null = null;

function database(): Promise<IDBPDatabase<DeskDb>> {
  opened ??= openDB<DeskDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('state');
      db.createObjectStore('checkins', { keyPath: 'key' }).createIndex('scannedAt', 'scannedAt');
      db.createObjectStore('taken');
    },
  });
  return opened;
}

export async function readSignIn(): Promise<DeskSignIn | null> {
  return ((await (await database()).get('state', 'sign-in')) as DeskSignIn | undefined) ?? null;
}

export async function keepSignIn(signIn: DeskSignIn): Promise<void> {
  await (await database()).put('state', signIn, 'sign-in');
}

export async function readRoster(): Promise<DeskRosterKept | null> {
  return ((await (await database()).get('state', 'roster')) as DeskRosterKept | undefined) ?? null;
}

export async function keepRoster(kept: DeskRosterKept): Promise<void> {
  await (await database()).put('state', kept, 'roster');
}

/** Forgets the sign-in and today's list only: a desk whose token was revoked is set up again, and what it took still goes out. */
export async function forgetSignIn(): Promise<void> {
  const db = await database();
  const tx = db.transaction('state', 'readwrite');
  await Promise.all([tx.store.delete('sign-in'), tx.store.delete('roster'), tx.done]);
}

/** Forgets everything of the desk (the screen refuses to sign out while check-ins wait to be sent). */
export async function forgetDesk(): Promise<void> {
  const db = await database();
  const tx = db.transaction(['state', 'checkins', 'taken'], 'readwrite');
  await Promise.all([tx.objectStore('state').clear(), tx.objectStore('checkins').clear(), tx.objectStore('taken').clear(), tx.done]);
}

/** Takes (credential, step) once: false when this desk took it before. */
export async function takeCode(id: string, at: number): Promise<boolean> {
  const db = await database();
  const tx = db.transaction('taken', 'readwrite');
  if (await tx.store.get(id)) {
    await tx.done;
    return false;
  }
  await tx.store.put({ at }, id);
  await tx.done;
  return true;
}

export async function addCheckin(checkin: DeskCheckin): Promise<void> {
  await (await database()).put('checkins', checkin);
}

export async function updateCheckin(key: string, change: Partial<DeskCheckin>): Promise<void> {
  const db = await database();
  const tx = db.transaction('checkins', 'readwrite');
  const row = await tx.store.get(key);
  if (row) await tx.store.put({ ...row, ...change });
  await tx.done;
}

/** Newest first. */
export async function listCheckins(): Promise<DeskCheckin[]> {
  return (await (await database()).getAllFromIndex('checkins', 'scannedAt')).reverse();
}
