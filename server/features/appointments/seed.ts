import { TZDate } from '@date-fns/tz';
import type { Kysely, Transaction } from 'kysely';
import type { CoverageKindText, Database } from '../../db/schema';
import { takeQuarterHours } from './holds';

// The demo studios' appointment catalogue: services, the staff who give them, their weekly hours
// at each facility, a week of leave, and appointments that take some slots.
//   Harbour Strength (NZD): personal training 30/60 min and a nutrition consult with Mere Tane at
//     Wellington (Mon–Sat mornings), PT with Rangi Walker at Petone (Mon/Wed/Fri evenings) and
//     Wellington (Saturday), sports physio 45 min with Aroha Ngata at Wellington (Tue/Thu), sports
//     massage 60 min with Sophie Clarke at Petone (Tue–Sat; on leave days 8–10 from now).
//     The Unlimited Membership covers PT; physio, massage and nutrition are paid.
//   Tallinn Movement (EUR): PT 60 min with Rasmus Kivi (weekdays) and massage 60 min with Helena
//     Org (Tue–Sat); the 10-Visit Pass covers PT.
//   Summit Climbing (AUD): climbing coaching 60 min with Liam Foster (Wed–Sun).
//   Taken: Alex's PT with Mere tomorrow at 10:00 (already seeded, linked here), Sam's PT with Mere
//   the day after at 7:00, and Sam's physio with Aroha in three days at 9:00.

type Trx = Transaction<Database> | Kysely<Database>;

const DAY = 86_400_000;

interface ServiceSeed {
  key: string;
  org: string;
  name: string;
  description: string;
  minutes: number;
  cents: number;
  coveredBy?: { kind: CoverageKindText; name: string }[];
}

const SERVICES: ServiceSeed[] = [
  { key: 'pt30', org: 'harbour', name: 'Personal Training (30 min)', description: 'A focused half hour on one lift or skill with a coach.', minutes: 30, cents: 5500, coveredBy: [{ kind: 'membership', name: 'Unlimited Membership' }] },
  { key: 'pt60', org: 'harbour', name: 'Personal Training', description: 'A full session: assessment, programme and coaching.', minutes: 60, cents: 9500, coveredBy: [{ kind: 'membership', name: 'Unlimited Membership' }] },
  { key: 'physio', org: 'harbour', name: 'Sports Physio', description: 'Assessment and treatment of a training injury.', minutes: 45, cents: 8500 },
  { key: 'massage', org: 'harbour', name: 'Sports Massage', description: 'Deep tissue work for recovery.', minutes: 60, cents: 9000 },
  { key: 'nutrition', org: 'harbour', name: 'Nutrition Consult', description: 'Eating for training, with a plan to take home.', minutes: 30, cents: 6000 },
  { key: 'tallinn-pt', org: 'tallinn', name: 'Personal Training', description: 'One to one with a coach.', minutes: 60, cents: 4500, coveredBy: [{ kind: 'pass', name: '10-Visit Pass' }] },
  { key: 'tallinn-massage', org: 'tallinn', name: 'Massage (60 min)', description: 'Sports and relaxation massage.', minutes: 60, cents: 5500 },
  { key: 'coaching', org: 'summit', name: 'Climbing Coaching (60 min)', description: 'Technique and movement on the wall with a coach.', minutes: 60, cents: 8000 },
];

interface StaffSeed {
  name: string;
  org: string;
  bio: string;
  services: string[];
  /** facility key → [ISO weekdays, start, end] */
  hours: [facility: string, weekdays: number[], start: string, end: string][];
  /** Leave from this many days ahead, for so many days. */
  leave?: [fromDays: number, days: number];
}

const STAFF: StaffSeed[] = [
  { name: 'Mere Tane', org: 'harbour', bio: 'Head coach. Olympic lifting and strength for beginners.', services: ['pt30', 'pt60', 'nutrition'], hours: [['harbour-wellington', [1, 2, 3, 4, 5, 6], '06:00', '13:00']] },
  { name: 'Rangi Walker', org: 'harbour', bio: 'Strength and conditioning, rugby and rowing.', services: ['pt30', 'pt60'], hours: [['harbour-petone', [1, 3, 5], '15:00', '20:00'], ['harbour-wellington', [6], '08:00', '12:00']] },
  { name: 'Aroha Ngata', org: 'harbour', bio: 'Physiotherapist for lifters and runners.', services: ['physio'], hours: [['harbour-wellington', [2, 4], '09:00', '17:00']] },
  { name: 'Sophie Clarke', org: 'harbour', bio: 'Sports massage therapist.', services: ['massage'], hours: [['harbour-petone', [2, 3, 4, 5, 6], '10:00', '18:00']], leave: [8, 3] },
  { name: 'Rasmus Kivi', org: 'tallinn', bio: 'Strength coach and mobility nerd.', services: ['tallinn-pt'], hours: [['tallinn-old-town', [1, 2, 3, 4, 5], '07:00', '15:00']] },
  { name: 'Helena Org', org: 'tallinn', bio: 'Massage therapist.', services: ['tallinn-massage'], hours: [['tallinn-old-town', [2, 3, 4, 5, 6], '11:00', '19:00']] },
  { name: 'Liam Foster', org: 'summit', bio: 'Route setter and climbing coach.', services: ['coaching'], hours: [['summit-sydney', [3, 4, 5, 6, 7], '10:00', '18:00']] },
];

export interface AppointmentSeedContext {
  orgIds: Record<string, number>;
  facilityIds: Record<string, number>;
  timeZones: Record<string, string>;
  sam: number;
}

/** `days` from today in the facility's time zone, at hh:mm there. */
function localAt(now: Date, timeZone: string, days: number, hours: number, minutes: number): Date {
  const today = new TZDate(now.getTime(), timeZone);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hours, minutes, timeZone).getTime());
}

export async function seedAppointmentCatalogue(trx: Trx, now: Date, ctx: AppointmentSeedContext): Promise<void> {
  const at = now.toISOString();
  const serviceIds = new Map<string, { id: number; minutes: number; name: string }>();
  for (const s of SERVICES) {
    const orgId = ctx.orgIds[s.org] as number;
    const { id } = await trx.insertInto('services').values({ org_id: orgId, name: s.name, description: s.description, duration_minutes: s.minutes, price_cents: s.cents, created_at: at }).returning('id').executeTakeFirstOrThrow();
    serviceIds.set(s.key, { id, minutes: s.minutes, name: s.name });
    for (const c of s.coveredBy ?? []) await trx.insertInto('service_coverage').values({ service_id: id, kind: c.kind, name: c.name }).execute();
  }
  const staffIds = new Map<string, number>();
  for (const member of STAFF) {
    const { id } = await trx.insertInto('staff').values({ org_id: ctx.orgIds[member.org] as number, full_name: member.name, bio: member.bio, photo_url: null, created_at: at }).returning('id').executeTakeFirstOrThrow();
    staffIds.set(member.name, id);
    for (const key of member.services) await trx.insertInto('staff_services').values({ staff_id: id, service_id: serviceIds.get(key)!.id }).execute();
    for (const [facility, weekdays, start, end] of member.hours) {
      for (const weekday of weekdays) await trx.insertInto('staff_hours').values({ staff_id: id, facility_id: ctx.facilityIds[facility] as number, weekday, start_time: start, end_time: end }).execute();
    }
    if (member.leave) {
      const timeZone = ctx.timeZones[member.hours[0]![0]] as string;
      const [fromDays, days] = member.leave;
      await trx.insertInto('staff_leave').values({ staff_id: id, start_at: localAt(now, timeZone, fromDays, 0, 0).toISOString(), end_at: localAt(now, timeZone, fromDays + days, 0, 0).toISOString() }).execute();
    }
  }

  // Alex's appointment from the notifications seed: Personal Training (60 minutes) with Mere.
  const mere = staffIds.get('Mere Tane')!;
  const pt60 = serviceIds.get('pt60')!;
  const alexsSession = await trx.selectFrom('appointments').select(['id', 'start_at']).where('staff_name', '=', 'Mere Tane').executeTakeFirst();
  if (alexsSession) {
    const end = new Date(Date.parse(alexsSession.start_at) + pt60.minutes * 60_000);
    await trx.updateTable('appointments').set({ service_id: pt60.id, staff_id: mere, end_at: end.toISOString() }).where('id', '=', alexsSession.id).execute();
    await takeQuarterHours(trx, alexsSession.id, mere, new Date(alexsSession.start_at), end);
  }
  const wellington = ctx.timeZones['harbour-wellington'] as string;
  const taken: { staff: string; service: string; start: Date }[] = [
    { staff: 'Mere Tane', service: 'pt60', start: localAt(now, wellington, 2, 7, 0) },
    { staff: 'Aroha Ngata', service: 'physio', start: localAt(now, wellington, 3, 9, 0) },
  ];
  for (const t of taken) {
    const service = serviceIds.get(t.service)!;
    const end = new Date(t.start.getTime() + service.minutes * 60_000);
    const { id } = await trx
      .insertInto('appointments')
      .values({
        profile_id: ctx.sam,
        facility_id: ctx.facilityIds['harbour-wellington'] as number,
        service_name: service.name,
        staff_name: t.staff,
        service_id: service.id,
        staff_id: staffIds.get(t.staff)!,
        start_at: t.start.toISOString(),
        end_at: end.toISOString(),
        status: 'booked',
        updated_at: new Date(now.getTime() - DAY).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await takeQuarterHours(trx, id, staffIds.get(t.staff)!, t.start, end);
  }
}
