import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { chooseChargeTarget, type ChargeTarget } from '../../../core/rules/concessions';
import { chargeLateCancelFee } from '../shop/invoices';

// What a class visit counts against (docs/rules.md#visits). A booked place is charged when it is
// booked (a 'visit' charge: a pass's visit is used), given back by a timely cancel, kept by a late
// cancel (the charge becomes 'late_cancel'). A late cancel nothing covers costs the facility's fee
// (a 'due' invoice). All of it runs inside the booking's or the cancel's transaction.

type Db = Kysely<Database>;
type ChargedSession = { org_id: number; facility_id: number; name: string; start_at: string };

/** What booking this class now would be counted against (the recurring job books only what is covered). */
export async function chooseFor(trx: Db, profileId: number, session: ChargedSession): Promise<ChargeTarget> {
  const memberships = await trx.selectFrom('memberships').select(['id', 'valid_from', 'valid_to']).where('profile_id', '=', profileId).where('org_id', '=', session.org_id).execute();
  const passes = await trx
    .selectFrom('passes')
    .select(['id', 'valid_from', 'valid_to', 'visits_total', 'visits_used'])
    .where('profile_id', '=', profileId)
    .where('org_id', '=', session.org_id)
    .execute();
  return chooseChargeTarget(memberships, passes, new Date(session.start_at));
}

async function record(trx: Db, visitId: number, target: ChargeTarget, kind: 'visit' | 'late_cancel', now: Date): Promise<void> {
  if (target.kind === 'pass') {
    await trx
      .updateTable('passes')
      .set((eb) => ({ visits_used: eb('visits_used', '+', 1) }))
      .where('id', '=', target.id)
      .execute();
  }
  await trx
    .insertInto('visit_charges')
    .values({
      visit_id: visitId,
      membership_id: target.kind === 'membership' ? target.id : null,
      pass_id: target.kind === 'pass' ? target.id : null,
      kind,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A place was booked (or an offered one confirmed): count it against what the member has. */
export async function chargeVisit(trx: Db, visit: { id: number; profile_id: number }, session: ChargedSession, now: Date): Promise<ChargeTarget> {
  const target = await chooseFor(trx, visit.profile_id, session);
  await record(trx, visit.id, target, 'visit', now);
  return target;
}

/** A timely cancel (or the club's): the booked place's charge goes, a pass's visit is given back. */
export async function refundVisit(trx: Db, visitId: number): Promise<void> {
  const charge = await trx.selectFrom('visit_charges').select(['id', 'pass_id']).where('visit_id', '=', visitId).where('kind', '=', 'visit').executeTakeFirst();
  if (!charge) return;
  if (charge.pass_id !== null) {
    await trx
      .updateTable('passes')
      .set((eb) => ({ visits_used: eb('visits_used', '-', 1) }))
      .where('id', '=', charge.pass_id)
      .where('visits_used', '>', 0)
      .execute();
  }
  await trx.deleteFrom('visit_charges').where('id', '=', charge.id).execute();
}

/**
 * A late cancel: the booked place's charge stays, now as a late cancel. A place booked before
 * places were charged is counted now. Casual (nothing covers it): the facility's fee is due.
 */
export async function chargeLateCancel(trx: Db, visit: { id: number; profile_id: number }, session: ChargedSession, now: Date): Promise<ChargeTarget> {
  const booked = await trx.selectFrom('visit_charges').select(['id', 'membership_id', 'pass_id']).where('visit_id', '=', visit.id).where('kind', '=', 'visit').executeTakeFirst();
  let target: ChargeTarget;
  if (booked) {
    await trx.updateTable('visit_charges').set({ kind: 'late_cancel', created_at: now.toISOString() }).where('id', '=', booked.id).execute();
    target = booked.membership_id !== null ? { kind: 'membership', id: booked.membership_id } : booked.pass_id !== null ? { kind: 'pass', id: booked.pass_id } : { kind: 'casual' };
  } else {
    target = await chooseFor(trx, visit.profile_id, session);
    await record(trx, visit.id, target, 'late_cancel', now);
  }
  if (target.kind === 'casual') await chargeLateCancelFee(trx, visit, session, now);
  return target;
}
