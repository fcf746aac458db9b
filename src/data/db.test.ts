// Rows a device stored under an earlier version of the app are carried to the current shape when
// the new version opens the database, so a screen never reads a field that is not there.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MemberDb } from './db';

const NAME = 'member-pwa-upgrade-test';

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('MemberDb upgrades', () => {
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
