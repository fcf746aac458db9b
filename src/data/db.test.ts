// Rows a device stored under an earlier version of the app are carried to the current shape when
// the new version opens the database, so a screen never reads a field that is not there.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MemberDb } from './db';

const NAME = 'member-pwa-upgrade-test';
const FRESH = 'member-pwa-fresh-test';

afterEach(async () => {
  await Dexie.delete(NAME);
  await Dexie.delete(FRESH);
});

/** The stores and their indexes as IndexedDB holds them (not as Dexie declares them). */
function storesOf(db: Dexie): Record<string, string[]> {
  const idb = db.backendDB();
  const transaction = idb.transaction([...idb.objectStoreNames], 'readonly');
  return Object.fromEntries(
    [...idb.objectStoreNames].map((name) => {
      const store = transaction.objectStore(name);
      const key = `${String(store.keyPath)}${store.autoIncrement ? ' (auto)' : ''}`;
      const indexes = [...store.indexNames].map((index) => {
        const { keyPath, unique, multiEntry } = store.index(index);
        return `${index}: ${String(keyPath)}${unique ? ' unique' : ''}${multiEntry ? ' multi' : ''}`;
      });
      return [name, [key, ...indexes]];
    }),
  );
}

describe('MemberDb upgrades', () => {
  it('leaves a device first installed at an early version with the stores and indexes of a new install', async () => {
    // Version 2 as it shipped: the first tables and the training log, no outbox index of touches.
    const old = new Dexie(NAME);
    old.version(2).stores({
      meta: '&key', profiles: '&id', facilities: '&guid, org_id', members: '&org_id', sessions: '&id, facility_guid, start_date, [facility_guid+start_date]',
      visits: '&id, session_id, state', notifications: '&id, updated_at', outbox: '++seq, &id, status', notices: '++id, createdAt', pulls: '&resource',
      workouts: '&id, org_id, [org_id+completed_at], [org_id+movement_id], session_id', movements: '&id, name', leaderboards: '&session_id', workoutAliases: '&temp',
    });
    await old.open();
    old.close();

    const upgraded = new MemberDb(NAME);
    const fresh = new MemberDb(FRESH);
    try {
      await Promise.all([upgraded.open(), fresh.open()]);
      expect(upgraded.verno).toBe(fresh.verno);
      expect(storesOf(upgraded)).toEqual(storesOf(fresh));
    } finally {
      upgraded.close();
      fresh.close();
    }
  });

  it('renames a stored course’s duration_minutes to duration (the API speaks SPEC’s names)', async () => {
    const old = new Dexie(NAME);
    old.version(10).stores({ courses: '&id, facility_guid' });
    await old.table('courses').put({ id: 7, facility_guid: 'f-1', name: 'Barbell', duration_minutes: 60, classes: [] });
    old.close();

    const current = new MemberDb(NAME);
    try {
      const course = await current.courses.get(7);
      expect(course).toMatchObject({ id: 7, name: 'Barbell', duration: 60 });
      expect(course).not.toHaveProperty('duration_minutes');
    } finally {
      current.close();
    }
  });
});
