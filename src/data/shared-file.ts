// A file another app shared with this one (Web Share Target, issue 31): the service worker
// receives the POST, keeps the file here and opens the screen that takes it (sw/share-target.ts);
// the screen takes it once. A database of its own: the service worker writes it before the app's
// Dexie schema may even be open, and it holds one file at most. Not member data (it came from this
// device's other app, and a signed-out member signs in on the way to the import): a file no
// screen took within SHARED_FILE_MAX_AGE_MS is not handed over, but dropped.
import { openDB, type IDBPDatabase } from 'idb';

const DB_NAME = 'member-pwa-shared';
const STORE = 'files';
const KEY = 'latest';

/** Where the manifest's share_target posts, and the form field of the file. */
export const SHARE_TARGET_PATH = '/share/import';
export const SHARE_TARGET_FIELD = 'file';

/** A share is handed over only this soon after it came: later, it was not this visit's. */
export const SHARED_FILE_MAX_AGE_MS = 10 * 60_000;

export interface SharedFile {
  name: string;
  type: string;
  text: string;
  sharedAt: number;
}

function open(): Promise<IDBPDatabase> {
  return openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) });
}

/** Keeps the file, replacing any shared before and not yet taken. */
export async function keepSharedFile(file: { name: string; type: string; text(): Promise<string> }, at = Date.now()): Promise<void> {
  const db = await open();
  try {
    await db.put(STORE, { name: file.name, type: file.type, text: await file.text(), sharedAt: at } satisfies SharedFile, KEY);
  } finally {
    db.close();
  }
}

/**
 * The file shared last, removed as it is handed over (a reload does not import it twice); null
 * when none, or when it came longer than SHARED_FILE_MAX_AGE_MS ago.
 */
export async function takeSharedFile(at = Date.now()): Promise<SharedFile | null> {
  const db = await open();
  try {
    const tx = db.transaction(STORE, 'readwrite');
    const file = ((await tx.store.get(KEY)) as SharedFile | undefined) ?? null;
    await tx.store.delete(KEY);
    await tx.done;
    return file && at - file.sharedAt <= SHARED_FILE_MAX_AGE_MS ? file : null;
  } finally {
    db.close();
  }
}
