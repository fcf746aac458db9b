import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { chooseChargeTarget, type ChargeTarget } from './charge-rules';

type Db = Kysely<Database>;

/**
 * Records a late cancel against the member's membership or pass at the class's organisation
 * (see rules/charges.ts for which one); a pass use is counted. Runs inside the cancel's transaction.
 */
export async function chargeLateCancel(trx: Db, visit: { id: number; profile_id: number }, session: { org_id: number; start_at: string }, now: Date): Promise<ChargeTarget> {
  const memberships = await trx.selectFrom('memberships').select(['id', 'valid_from', 'valid_to']).where('profile_id', '=', visit.profile_id).where('org_id', '=', session.org_id).execute();
  const passes = await trx
    .selectFrom('passes')
    .select(['id', 'valid_from', 'valid_to', 'visits_total', 'visits_used'])
    .where('profile_id', '=', visit.profile_id)
    .where('org_id', '=', session.org_id)
    .execute();
  const target = chooseChargeTarget(memberships, passes, new Date(session.start_at));
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
      visit_id: visit.id,
      membership_id: target.kind === 'membership' ? target.id : null,
      pass_id: target.kind === 'pass' ? target.id : null,
      kind: 'late_cancel',
      created_at: now.toISOString(),
    })
    .execute();
  return target;
}
