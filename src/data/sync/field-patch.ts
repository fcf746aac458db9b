// One operation for edits that patch some fields of one row (profile, member details, a workout):
// the entry keeps the changed fields and the values they replaced, and a refusal restores those
// values unless a later queued edit of the same row sets the field too.
import { db, type OutboxEntry } from '../db';

export type Fields = Record<string, unknown>;

/** The args every field-patch entry carries. */
export interface FieldPatch {
  changes: object;
  /** The values the changed fields (and what derives from them) had before. */
  previous: object;
}

/** The row's current values of the fields `changes` sets. */
export function previousValues(row: object, changes: object): Fields {
  const values = row as Fields;
  return Object.fromEntries(Object.keys(changes).map((key) => [key, values[key]]));
}

/** Whether a later edit with these changes sets `key`; a derived key can name the field it follows. */
export type SetsField = (changes: Fields, key: string) => boolean;

const setsSameKey: SetsField = (changes, key) => key in changes;

/**
 * Undo a refused patch: returns the values to put back on the row. A field that a later queued
 * edit (`later`: the queued edits of the same row, FIFO) also sets keeps that edit's value, since
 * it will still be sent; that edit now replaces our previous value, so its own undo must restore
 * ours, and its entry inherits it. Runs inside the rejecting transaction.
 */
export async function rollbackFieldPatch(patch: FieldPatch, later: OutboxEntry[], sets: SetsField = setsSameKey): Promise<Fields> {
  const restore: Fields = {};
  const inherited = new Map<OutboxEntry, Fields>();
  for (const [key, value] of Object.entries(patch.previous as Fields)) {
    const overriding = later.find((entry) => sets((entry.args as unknown as FieldPatch).changes as Fields, key));
    if (!overriding) {
      restore[key] = value;
      continue;
    }
    inherited.set(overriding, { ...inherited.get(overriding), [key]: value });
  }
  for (const [entry, values] of inherited) {
    const args = entry.args as unknown as FieldPatch;
    await db.outbox.update(entry.seq!, { args: { ...entry.args, previous: { ...args.previous, ...values } } });
  }
  return restore;
}
