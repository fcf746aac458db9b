// Calls of the courses slice (README "Calls beyond SPEC §7").
import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { Course } from '../../../core/contract/types';

export function getCourses(options: ReadOptions): Promise<Course[]> {
  return apiRequest<Course[]>('GET', '/courses', { ...options, schema: 'courseList' });
}

export function getCourse(id: number, options: ReadOptions): Promise<Course> {
  return apiRequest<Course>('GET', `/courses/${id}`, { ...options, schema: 'course' });
}

/** Books every class of the course, or none (409 with the reason). */
export function enrolInCourse(id: number, options: WriteOptions): Promise<Course> {
  return apiRequest<Course>('POST', `/courses/${id}/enrol`, { ...options, body: {}, schema: 'course' });
}
