// Outbox touches: one spelling (touchKey), read off the multi-entry index, kept by the schema
// upgrade; confirmations older than a pull's start do not block it.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemberDb, db } from '../db';
import { setClock } from '../clock';
import { commandTransaction, enqueue } from './outbox';
import { confirmedSince, isPending, pendingKeys, stampConfirmed, touchKey, CONFIRMATION_TTL_MS } from './touches';
import { resetDb } from '../../../tests/support/data-helpers';

beforeEach(() => resetDb());
afterEach(() => setClock(null));

describe('touches', () => {
  it('touchKey spells table:id, and pending keys come from the index', async () => {
    expect(touchKey('sessions', 5)).toBe('sessions:5');
    expect(touchKey('facilities', 'fac-1')).toBe('facilities:fac-1');
    await commandTransaction([], async () => {
      await enqueue('a', {}, [touchKey('sessions', 5), touchKey('visits', -1)]);
      await enqueue('b', {}, [touchKey('sessions', 5)]);
    });
    expect([...(await pendingKeys())].sort()).toEqual(['sessions:5', 'visits:-1']);
    expect(await isPending('sessions:5')).toBe(true);
    expect(await isPending('sessions:6')).toBe(false);
  });

  it('confirmations count from the pull start on (ties included) and old ones are pruned', async () => {
    await db.transaction('rw', db.confirmations, () => stampConfirmed(['sessions:1'], 1_000));
    expect([...(await confirmedSince(1_000))]).toEqual(['sessions:1']);
    expect([...(await confirmedSince(1_001))]).toEqual([]);
    await db.transaction('rw', db.confirmations, () => stampConfirmed(['sessions:2'], 1_000 + CONFIRMATION_TTL_MS + 1));
    expect(await db.confirmations.toCollection().primaryKeys()).toEqual(['sessions:2']);
  });

  it('the schema upgrade keeps queued entries and indexes their touches', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(2).stores({ outbox: '++seq, &id, status', meta: '&key' });
    await old.table('outbox').bulkAdd([
      { id: 'e1', op: 'x', args: {}, createdAt: 1, attempts: 0, status: 'pending', schemaVersion: 1, touches: ['workouts:7'] },
      { id: 'e2', op: 'y', args: {}, createdAt: 2, attempts: 0, status: 'pending', schemaVersion: 1 },
    ]);
    old.close();
    const upgraded = new MemberDb(name);
    try {
      expect((await upgraded.outbox.orderBy('seq').toArray()).map((e) => [e.id, e.touches])).toEqual([['e1', ['workouts:7']], ['e2', []]]);
      expect(await upgraded.outbox.where('touches').equals('workouts:7').count()).toBe(1);
    } finally {
      upgraded.close();
      await Dexie.delete(name);
    }
  });
});
