import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredCourse } from '../../data/db';
import { useRevalidate } from '../booking/public';
import { pullCourse, pullCourses } from './pull';

/** The facility's courses, soonest first (enrolled ones included whenever they run). */
export function useCourses(guid: string | undefined): StoredCourse[] | undefined {
  return useLiveQuery(async () => (guid ? (await db.courses.where('facility_guid').equals(guid).toArray()).sort((a, b) => a.first_class_date.localeCompare(b.first_class_date) || a.id - b.id) : undefined), [guid]);
}

export function useCourse(id: number | null): StoredCourse | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.courses.get(id)) ?? null)), [id]);
}

export function useRefreshCourses(guid: string | undefined): void {
  useRevalidate(guid ?? null, () => (guid ? pullCourses(guid) : Promise.resolve()));
}

export function useRefreshCourse(id: number | null, guid: string | undefined): void {
  useRevalidate(id === null || !guid ? null : String(id), () => (id === null || !guid ? Promise.resolve() : pullCourse(id, guid)));
}
