import { TZDate } from '@date-fns/tz';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

// Two courses at each Harbour Strength facility, weekly from next week:
//   Wellington: Beginners' Barbell (6 Tuesdays, 18:30–19:30, 12 places, NZ$180) and Pre-natal
//     Pilates (6 Thursdays, 10:00–11:00, 10 places, NZ$150).
//   Petone: Olympic Lifting Foundations (4 Saturdays, 9:00–10:30, 8 places, NZ$120) and Mobility
//     for Runners (4 Mondays, 19:00–19:45, 12 places, NZ$90).

type Trx = Transaction<Database> | Kysely<Database>;

interface CourseSeed {
  facility: string;
  name: string;
  description: string;
  cents: number;
  capacity: number;
  /** ISO weekday of its classes, their start and length. */
  weekday: number;
  start: [number, number];
  minutes: number;
  weeks: number;
}

const COURSES: CourseSeed[] = [
  { facility: 'harbour-wellington', name: "Beginners' Barbell", description: 'Six weeks from the first squat to a confident deadlift, in a small group.', cents: 18000, capacity: 12, weekday: 2, start: [18, 30], minutes: 60, weeks: 6 },
  { facility: 'harbour-wellington', name: 'Pre-natal Pilates', description: 'Gentle strength and breathing for every trimester.', cents: 15000, capacity: 10, weekday: 4, start: [10, 0], minutes: 60, weeks: 6 },
  { facility: 'harbour-petone', name: 'Olympic Lifting Foundations', description: 'Snatch and clean & jerk, step by step.', cents: 12000, capacity: 8, weekday: 6, start: [9, 0], minutes: 90, weeks: 4 },
  { facility: 'harbour-petone', name: 'Mobility for Runners', description: 'Hips, ankles and the upper back, for easier miles.', cents: 9000, capacity: 12, weekday: 1, start: [19, 0], minutes: 45, weeks: 4 },
];

export async function seedCourses(trx: Trx, now: Date, ctx: { facilityIds: Record<string, number>; timeZones: Record<string, string> }): Promise<void> {
  const at = now.toISOString();
  for (const c of COURSES) {
    const timeZone = ctx.timeZones[c.facility] as string;
    const facilityId = ctx.facilityIds[c.facility] as number;
    const { id } = await trx.insertInto('courses').values({ facility_id: facilityId, name: c.name, description: c.description, price_cents: c.cents, capacity: c.capacity, created_at: at }).returning('id').executeTakeFirstOrThrow();
    // The first such weekday at least a week from today, local time.
    const today = new TZDate(now.getTime(), timeZone);
    const isoToday = today.getDay() === 0 ? 7 : today.getDay();
    const firstOffset = 7 + ((c.weekday - isoToday + 7) % 7);
    for (let week = 0; week < c.weeks; week += 1) {
      const start = new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + firstOffset + 7 * week, c.start[0], c.start[1], timeZone).getTime());
      const end = new Date(start.getTime() + c.minutes * 60_000);
      await trx
        .insertInto('sessions')
        .values({
          facility_id: facilityId,
          name: c.name,
          description: c.description,
          location: null,
          start_at: start.toISOString(),
          end_at: end.toISOString(),
          booking_open_at: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
          booking_close_at: start.toISOString(),
          cancellation_close_at: new Date(start.getTime() - 2 * 3_600_000).toISOString(),
          cancelled: 0,
          capacity: c.capacity,
          waitlists_on: 0,
          dropin_spaces: 0,
          online_url: null,
          whiteboard_visibility: 'attending',
          course_id: id,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}
