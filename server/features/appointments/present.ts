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

async function describeTarget(db: Db, target: ChargeTarget): Promise<AppointmentConcession> {
  if (target.kind === 'membership') {
    const m = await db.selectFrom('memberships').select('name').where('id', '=', target.id).executeTakeFirst();
    return { kind: 'membership', name: m?.name ?? null, visits_total: null, visits_left: null };
  }
  if (target.kind === 'pass') {
    const p = await db.selectFrom('passes').select(['name', 'visits_total', 'visits_used']).where('id', '=', target.id).executeTakeFirst();
    const total = p?.visits_total ?? null;
    return { kind: 'pass', name: p?.name ?? null, visits_total: total, visits_left: total === null || !p ? null : Math.max(0, total - p.visits_used) };
  }
  return { kind: 'casual', name: null, visits_total: null, visits_left: null };
}

async function concessionOf(db: Db, row: AppointmentRow, orgId: number): Promise<AppointmentConcession | null> {
  if (row.concession_kind !== null && row.concession_id !== null) return describeTarget(db, { kind: row.concession_kind, id: row.concession_id });
  if (row.status === 'held' && row.service_id !== null) return describeTarget(db, await chargeTargetFor(db, row, orgId));
  return null;
}

/** The wire form of one appointment row. */
export async function presentAppointment(db: Db, row: AppointmentRow, facility: { guid: string; org_id: number; currency_code: string }): Promise<Appointment> {
  const service = row.service_id === null ? undefined : await db.selectFrom('services').select('price_cents').where('id', '=', row.service_id).executeTakeFirst();
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
    price: service ? service.price_cents / 100 : null,
    currency: facility.currency_code,
    late_cancelled: row.late_cancelled === 1,
    concession: await concessionOf(db, row, facility.org_id),
  };
}

/** The row with its facility, for presenting. */
export async function presentById(db: Db, row: AppointmentRow): Promise<Appointment> {
  const facility = await db.selectFrom('facilities').select(['guid', 'org_id', 'currency_code']).where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  return presentAppointment(db, row, facility);
}
