// The number the bell and the app badge show (core/rules/notifications#actionCount), read from
// Dexie: every organisation's notifications plus the offers waiting for an answer. Pass
// readActionCount itself as a live query's body (no async layer around it). The service worker
// imports this module: no window or document here.
import { actionCount, type OfferFact } from '../../../core/rules/notifications';
import { db } from '../../data/db';

const isId = (id: unknown): id is number => typeof id === 'number';

export async function readActionCount(): Promise<number> {
  const notifications = await db.notifications.toArray();
  const offers = notifications.filter((n) => n.type === 'waitlist');
  const [pending, named, classes] = await Promise.all([
    db.visits.where('state').equals('pending').toArray(),
    db.visits.bulkGet(offers.map((n) => n.params.visit?.id).filter(isId)),
    db.sessions.bulkGet(offers.map((n) => n.params.class?.id).filter(isId)),
  ]);
  const facts: OfferFact[] = [...pending, ...named.filter((v) => v !== undefined), ...classes.map((s) => s?.visit).filter((v) => v != null)];
  return actionCount(notifications, facts, new Date());
}
