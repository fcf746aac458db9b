// Courses (GET /courses, /courses/{id}, POST /courses/{id}/enrol).
import * as z from 'zod/mini';
import { iso } from './common';

export const courseClass = z.object({ id: z.number(), start_date: iso, end_date: iso });

export const course = z.object({
  id: z.number(),
  facility_guid: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  price: z.number(),
  currency: z.string(),
  first_class_date: iso,
  last_class_date: iso,
  /** The length of one class, in minutes (SPEC §3 names it `duration`). */
  duration: z.number(),
  places_left: z.number(),
  enrolled: z.boolean(),
  classes: z.array(courseClass),
});
export type Course = z.infer<typeof course>;

export const courseList = z.array(course);
