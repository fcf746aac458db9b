import type { Kysely } from 'kysely';
import type { Appointment, AppointmentConcession } from '../../../core/contract/types';
import type { AppointmentRow, Database } from '../../db/schema';
import { chooseChargeTarget, type ChargeTarget } from '../../../core/rules/concessions';

// How an appointment is answered: what it is, with whom, when, and what pays for it. A hold
// shows what booking it would use, so the member sees "uses 1 of 8 visits" before they book.

type Db = Kysely<Database>;

/** What would pay for the member's appointment now: a covering membership, else a pass with visits left. */
export async function chargeTargetFor(db: Db, row: AppointmentRow, orgId: number): Promise<ChargeTarget> {
  const coverage = row.service_id === null ? [] : await db.selectFrom('service_coverage').select(['kind', 'name']).where('service_id', '=', row.service_id).execute();
  const covers = (kind: 'membership' | 'pass', name: string) => coverage.some((c) => c.kind === kind && c.name === name);
  const memberships = (await db.selectFrom('memberships').selectAll().where('profile_id', '=', row.profile_id).where('org_id', '=', orgId).execute()).filter((m) => covers('membership', m.name));
  const passes = (await db.selectFrom('passes').selectAll().where('profile_id', '=', row.profile_id).where('org_id', '=', orgId).execute()).filter((p) => covers('pass', p.name));
  return chooseChargeTarget(memberships, passes, new Date(row.start_at));
}

interface Known {
  memberships: Map<number, { name: string }>;
  passes: Map<number, { name: string; visits_total: number | null; visits_used: number }>;
}

function describeTarget(target: ChargeTarget, known: Known): AppointmentConcession {
  if (target.kind === 'membership') return { kind: 'membership', name: known.memberships.get(target.id)?.name ?? null, visits_total: null, visits_left: null };
  if (target.kind === 'pass') {
    const p = known.passes.get(target.id);
    const total = p?.visits_total ?? null;
    return { kind: 'pass', name: p?.name ?? null, visits_total: total, visits_left: total === null || !p ? null : Math.max(0, total - p.visits_used) };
  }
  return { kind: 'casual', name: null, visits_total: null, visits_left: null };
}

/** The member's memberships and passes in the organisations of `rows`, read once for all of them. */
async function knownConcessions(db: Db, rows: readonly AppointmentRow[], orgIds: readonly number[]): Promise<Known> {
  const profiles = [...new Set(rows.map((r) => r.profile_id))];
  const [memberships, passes] = await Promise.all([
    db.selectFrom('memberships').select(['id', 'name']).where('profile_id', 'in', profiles).where('org_id', 'in', orgIds).execute(),
    db.selectFrom('passes').select(['id', 'name', 'visits_total', 'visits_used']).where('profile_id', 'in', profiles).where('org_id', 'in', orgIds).execute(),
  ]);
  return { memberships: new Map(memberships.map((m) => [m.id, m])), passes: new Map(passes.map((p) => [p.id, p])) };
}

async function concessionOf(db: Db, row: AppointmentRow, orgId: number, known: Known): Promise<AppointmentConcession | null> {
  if (row.concession_kind === 'casual') return describeTarget({ kind: 'casual' }, known);
  if (row.concession_kind !== null && row.concession_id !== null) return describeTarget({ kind: row.concession_kind, id: row.concession_id }, known);
  if (row.status === 'held' && row.service_id !== null) return describeTarget(await chargeTargetFor(db, row, orgId), known);
  return null;
}

/** The wire form of appointment rows, in their order: facilities, prices and concessions read once for all. */
export async function presentAppointments(db: Db, rows: readonly AppointmentRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const facilities = new Map((await db.selectFrom('facilities').select(['id', 'guid', 'org_id', 'currency_code']).where('id', 'in', [...new Set(rows.map((r) => r.facility_id))]).execute()).map((f) => [f.id, f]));
  const serviceIds = [...new Set(rows.flatMap((r) => (r.service_id === null ? [] : [r.service_id])))];
  const prices = new Map(serviceIds.length === 0 ? [] : (await db.selectFrom('services').select(['id', 'price_cents']).where('id', 'in', serviceIds).execute()).map((s) => [s.id, s.price_cents]));
  const known = await knownConcessions(db, rows, [...new Set([...facilities.values()].map((f) => f.org_id))]);
  return Promise.all(
    rows.map(async (row): Promise<Appointment> => {
      const facility = facilities.get(row.facility_id)!;
      const price = row.service_id === null ? undefined : prices.get(row.service_id);
      return {
        id: row.id,
        start_at: row.start_at,
        service: { name: row.service_name },
        staff: { full_name: row.staff_name },
        status: row.status,
        facility_guid: facility.guid,
        updated_at: row.updated_at,
        hold_expires_at: row.hold_expires_at,
        service_id: row.service_id,
        staff_id: row.staff_id,
        end_at: row.end_at,
        price: price === undefined ? null : price / 100,
        currency: facility.currency_code,
        late_cancelled: row.late_cancelled === 1,
        concession: await concessionOf(db, row, facility.org_id, known),
      };
    }),
  );
}

/** The wire form of one appointment row. */
export async function presentById(db: Db, row: AppointmentRow): Promise<Appointment> {
  const [appointment] = await presentAppointments(db, [row]);
  return appointment!;
}
