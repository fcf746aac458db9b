import { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Course } from '../../../core/contract/types';
import { freePlaces } from '../../../core/rules/capacity';
import { lockForDecision } from '../../db/index';
import type { CoursesTable, Database, FacilityRow } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { pathId, readQuery, requireFacility } from '../booking/http';
import { visitCounts } from '../booking/present';
import { invoiceDueAtStudio } from '../shop/invoices';

// Courses at the facility in X-Facility-Id (GET /courses, /courses/{id}) and enrolling in one
// (POST /courses/{id}/enrol): every class of the course is booked in one transaction, or none is
// and the member is told why; its price is then due at the studio, on an invoice. Places left: the course's own, and never more than its fullest
// class has (its classes can also be booked one at a time). Another facility's course is 404.

type Db = Kysely<Database>;
type CourseRow = Selectable<CoursesTable>;

const listQuery = z.object({ enrolled: z.enum(['0', '1'], { error: 'enrolled must be 0 or 1.' }).optional() });

async function presentCourses(db: Db, rows: readonly CourseRow[], facility: FacilityRow, me: number): Promise<Course[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const classes = await db.selectFrom('sessions').select(['id', 'course_id', 'start_at', 'end_at', 'capacity', 'cancelled']).where('course_id', 'in', ids).orderBy('start_at').execute();
  const counts = await visitCounts(db, classes.map((s) => s.id));
  const enrolments = await db.selectFrom('course_enrolments').select(['course_id', 'profile_id']).where('course_id', 'in', ids).execute();
  return rows.flatMap((row) => {
    const own = classes.filter((s) => s.course_id === row.id && s.cancelled === 0);
    const first = own[0];
    const last = own[own.length - 1];
    if (!first || !last) return [];
    const enrolled = enrolments.filter((e) => e.course_id === row.id);
    const classRoom = Math.min(...own.map((s) => freePlaces(s.capacity, counts.get(s.id) ?? { booked: 0, attended: 0, pending: 0, waitlisted: 0, droppedin: 0 })));
    return [
      {
        id: row.id,
        facility_guid: facility.guid,
        name: row.name,
        description: row.description,
        price: row.price_cents / 100,
        currency: facility.currency_code,
        first_class_date: first.start_at,
        last_class_date: last.start_at,
        duration: Math.round((Date.parse(first.end_at) - Date.parse(first.start_at)) / 60_000),
        places_left: Math.max(0, Math.min(row.capacity - enrolled.length, classRoom)),
        enrolled: enrolled.some((e) => e.profile_id === me),
        classes: own.map((s) => ({ id: s.id, start_date: s.start_at, end_date: s.end_at })),
      },
    ];
  });
}

async function loadCourse(db: Db, facility: FacilityRow, id: number, me: number): Promise<Course | undefined> {
  const row = await db.selectFrom('courses').selectAll().where('id', '=', id).where('facility_id', '=', facility.id).executeTakeFirst();
  return row ? (await presentCourses(db, [row], facility, me))[0] : undefined;
}

export function courseRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  // Courses whose first class is still ahead (and, with enrolled=1, those the member is in, whenever they run).
  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const me = profileId(c);
    const { enrolled } = readQuery(c, listQuery);
    const rows = await db.selectFrom('courses').selectAll().where('facility_id', '=', facility.id).orderBy('id').execute();
    const courses = await presentCourses(db, rows, facility, me);
    const at = now().getTime();
    const shown = enrolled === '1' ? courses.filter((course) => course.enrolled) : courses.filter((course) => course.enrolled || Date.parse(course.first_class_date) > at);
    return c.json(shown.sort((a, b) => a.first_class_date.localeCompare(b.first_class_date) || a.id - b.id));
  });

  routes.get('/:id', async (c) => {
    const course = await loadCourse(c.get('deps').db, requireFacility(c), pathId(c), profileId(c));
    if (!course) throw notFound('The course');
    return c.json(course);
  });

  routes.post('/:id/enrol', async (c) => {
    const { now } = c.get('deps');
    const facility = requireFacility(c);
    const me = profileId(c);
    const id = pathId(c);
    return idempotent(
      c,
      me,
      async (trx) => {
        const at = now();
        const course = await trx.selectFrom('courses').selectAll().where('id', '=', id).where('facility_id', '=', facility.id).executeTakeFirst();
        if (!course) throw notFound('The course');
        const classes = await trx.selectFrom('sessions').select(['id', 'start_at', 'capacity']).where('course_id', '=', course.id).where('cancelled', '=', 0).orderBy('start_at').execute();
        // The member's lock, then every class's, as any booking takes them: counts read next are the latest.
        await lockForDecision(trx, 'members_profiles', [me]);
        await lockForDecision(trx, 'sessions', classes.map((s) => s.id));
        const first = classes[0];
        if (!first) throw notFound('The course');
        if (Date.parse(first.start_at) <= at.getTime()) throw new ApiError(409, 'booking_closed', 'The course has started: enrolment is closed.');
        const already = await trx.selectFrom('course_enrolments').select('course_id').where('course_id', '=', course.id).where('profile_id', '=', me).executeTakeFirst();
        if (already) throw new ApiError(409, 'already_booked', 'You are already enrolled in this course.');
        const enrolled = await trx.selectFrom('course_enrolments').select((eb) => eb.fn.countAll<number>().as('n')).where('course_id', '=', course.id).executeTakeFirstOrThrow();
        const counts = await visitCounts(trx, classes.map((s) => s.id));
        const full = Number(enrolled.n) >= course.capacity || classes.some((s) => freePlaces(s.capacity, counts.get(s.id)!) === 0);
        if (full) throw new ApiError(409, 'class_full', 'The course is full.');
        const live = await trx.selectFrom('visits').select('session_id').where('profile_id', '=', me).where('session_id', 'in', classes.map((s) => s.id)).where('state', '<>', 'cancelled').executeTakeFirst();
        if (live) throw new ApiError(409, 'already_booked', 'You already have a place in one of its classes: cancel it first, or keep booking class by class.');
        const stamp = at.toISOString();
        // Its price is paid at the studio: an invoice due, in the same transaction (docs/decisions.md "Courses: asked first, paid at the studio").
        const orderId = await invoiceDueAtStudio(trx, { profile_id: me, org_id: facility.org_id, currency: facility.currency_code }, { kind: 'course', name: course.name, starts_at: first.start_at, quantity: 1, price_cents: course.price_cents }, at);
        await trx.insertInto('course_enrolments').values({ course_id: course.id, profile_id: me, created_at: stamp, order_id: orderId }).execute();
        await trx
          .insertInto('visits')
          .values(classes.map((s) => ({ profile_id: me, session_id: s.id, state: 'booked' as const, dropin: 0 as const, offer_expires_at: null, created_at: stamp, updated_at: stamp })))
          .execute();
        const [body] = await presentCourses(trx, [course], facility, me);
        return { status: 201, body };
      },
      'read committed',
    );
  });

  return routes;
}
