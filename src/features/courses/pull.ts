// Pulls of the courses slice: the facility's courses (with the member's enrolled state) and one
// course. Enrolment is online only (it decides places for a whole course); its answer is written
// here like a pull's.
import { facilityScope } from '../../data/api/client';
import type { Course } from '../../../core/contract/types';
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import { enrolInCourse, getCourse, getCourses } from './api';

export const COURSES_MAX_AGE_MS = 5 * 60_000;

const coursesPull = definePull<string, Course[]>({
  resource: (guid) => `courses:${guid}`,
  maxAgeMs: COURSES_MAX_AGE_MS,
  tables: () => [db.courses],
  fetch: (guid) => getCourses({ scope: facilityScope(guid) }),
  async write(courses, _guard, guid) {
    if (!courses) return;
    await db.courses.where('facility_guid').equals(guid).delete();
    await db.courses.bulkPut(courses);
  },
});

export function pullCourses(guid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return coursesPull(guid, options);
}

const coursePull = definePull<{ id: number; guid: string }, Course>({
  resource: ({ id }) => `course:${id}`,
  maxAgeMs: COURSES_MAX_AGE_MS,
  tables: () => [db.courses],
  goneOn404: true,
  fetch: ({ id, guid }) => getCourse(id, { scope: facilityScope(guid) }),
  async write(course, _guard, { id }) {
    if (course) await db.courses.put(course);
    else await db.courses.delete(id);
  },
});

export function pullCourse(id: number, guid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return coursePull({ id, guid }, options);
}

/** Enrols the member (every class booked, or none); the course and its classes' bookings are fetched again. */
export async function enrol(course: Course, idempotencyKey: string): Promise<Course> {
  const answer = await enrolInCourse(course.id, { idempotencyKey, scope: facilityScope(course.facility_guid) });
  await db.courses.put(answer);
  return answer;
}
