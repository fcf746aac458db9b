// The rollback rule of field patches: restore what a refused edit replaced, unless a later queued
// edit of the same row sets the field; that edit then inherits the value to restore.
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from '../db';
import { previousValues, rollbackFieldPatch, type FieldPatch } from './field-patch';
import { resetDb } from '../../../tests/support/data-helpers';

async function queued(patch: FieldPatch): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: crypto.randomUUID(), op: 'test.patch', args: patch as unknown as Record<string, unknown>, createdAt: 0, attempts: 0, status: 'pending', schemaVersion: 1, touches: [],
  };
  entry.seq = await db.outbox.add(entry);
  return entry;
}

const previousOf = async (entry: OutboxEntry) => ((await db.outbox.get(entry.seq!))!.args as unknown as FieldPatch).previous;

beforeEach(async () => {
  await resetDb();
});

describe('rollbackFieldPatch', () => {
  it('restores every field when nothing later sets it', async () => {
    const restore = await db.transaction('rw', db.outbox, () => rollbackFieldPatch({ changes: { a: 10, b: 20 }, previous: { a: 1, b: 2 } }, []));
    expect(restore).toEqual({ a: 1, b: 2 });
  });

  it('keeps what a later edit sets and hands it our previous value; the first later edit setting a field inherits it', async () => {
    const first = await queued({ changes: { b: 30 }, previous: { b: 20 } });
    const second = await queued({ changes: { b: 40, c: 50 }, previous: { b: 30, c: 3 } });
    const restore = await db.transaction('rw', db.outbox, () =>
      rollbackFieldPatch({ changes: { a: 10, b: 20, c: 30 }, previous: { a: 1, b: 2, c: 3 } }, [first, second]),
    );
    expect(restore).toEqual({ a: 1 });
    expect(await previousOf(first)).toEqual({ b: 2 });
    expect(await previousOf(second)).toEqual({ b: 30, c: 3 });
  });

  it('an edit that overrides several fields inherits all of them', async () => {
    const later = await queued({ changes: { a: 100, b: 200 }, previous: { a: 10, b: 20 } });
    const restore = await db.transaction('rw', db.outbox, () => rollbackFieldPatch({ changes: { a: 10, b: 20 }, previous: { a: 1, b: 2 } }, [later]));
    expect(restore).toEqual({});
    expect(await previousOf(later)).toEqual({ a: 1, b: 2 });
  });

  it('a derived value follows the field it derives from', async () => {
    const later = await queued({ changes: { movement_id: 9 }, previous: { movement_id: 8, movement: 'deadlift' } });
    const sets = (changes: Record<string, unknown>, key: string) => (key === 'movement' ? 'movement_id' : key) in changes;
    const restore = await db.transaction('rw', db.outbox, () =>
      rollbackFieldPatch({ changes: { movement_id: 8, notes: 'x' }, previous: { movement_id: 7, movement: 'squat', notes: null } }, [later], sets),
    );
    expect(restore).toEqual({ notes: null });
    expect(await previousOf(later)).toEqual({ movement_id: 7, movement: 'squat' });
  });
});

describe('previousValues', () => {
  it('reads the fields a change sets from the row', () => {
    expect(previousValues({ a: 1, b: 2, c: 3 }, { a: 9, c: 8 })).toEqual({ a: 1, c: 3 });
  });
});
