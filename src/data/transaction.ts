// Small tools for writes made on the device, shared by commands and pulls.
import Dexie from 'dexie';
import { now } from './clock';

/**
 * Dexie follows a transaction across native awaits only a few async frames deep; handing each
 * nested step back through a Dexie promise keeps the rest of the transaction inside it.
 */
export function inTransaction<T>(work: Promise<T>): Promise<T> {
  return Dexie.Promise.resolve(work) as unknown as Promise<T>;
}

let lastTempId = 0;

/**
 * A unique negative id for a row made on the device (a visit, a workout, a reaction) until the
 * server gives it a real one. The time and random parts keep tabs apart; the counter keeps one
 * tab's ids strictly decreasing.
 */
export function newTempId(): number {
  let id = -(now() * 1000 + Math.floor(Math.random() * 1000));
  if (id >= lastTempId) id = lastTempId - 1;
  lastTempId = id;
  return id;
}
