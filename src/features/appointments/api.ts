// Calls of the appointments slice (README "Calls beyond SPEC §7"): the catalogue, availability,
// holding and booking a slot, and the member's changes to an appointment.
import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { Appointment, AppointmentSlot, Service, StaffMember } from '../../../core/contract/types';

export function getServices(options: ReadOptions): Promise<Service[]> {
  return apiRequest<Service[]>('GET', '/services', { ...options, schema: 'serviceList' });
}

/** Everyone who gives appointments at the facility in scope, with the services they give there. */
export function getStaff(options: ReadOptions): Promise<StaffMember[]> {
  return apiRequest<StaffMember[]>('GET', '/staff', { ...options, schema: 'staffList' });
}

/** Slots of one staff member for a service over `days` local days from `date` (yyyy-MM-dd). */
export function getAvailability(staffId: number, query: { serviceId: number; date: string; days: number }, options: ReadOptions): Promise<AppointmentSlot[]> {
  return apiRequest<AppointmentSlot[]>('GET', `/staff/${staffId}/availability`, {
    ...options,
    schema: 'appointmentSlotList',
    query: { service_id: String(query.serviceId), date: query.date, days: String(query.days) },
  });
}

export function getAppointments(options: ReadOptions): Promise<Appointment[]> {
  return apiRequest<Appointment[]>('GET', '/appointments', { ...options, schema: 'appointmentList' });
}

export function getAppointment(id: number, options: ReadOptions): Promise<Appointment> {
  return apiRequest<Appointment>('GET', `/appointments/${id}`, { ...options, schema: 'appointment' });
}

export function holdAppointment(body: { service_id: number; staff_id: number; start_at: string }, options: WriteOptions): Promise<Appointment> {
  return apiRequest<Appointment>('POST', '/appointments', { ...options, body: { appointment: body }, schema: 'appointment' });
}

export function changeAppointment(id: number, body: { staff_id?: number; start_at?: string }, options: WriteOptions): Promise<Appointment> {
  return apiRequest<Appointment>('PUT', `/appointments/${id}`, { ...options, body: { appointment: body }, schema: 'appointment' });
}

export function bookAppointment(id: number, options: WriteOptions): Promise<Appointment> {
  return apiRequest<Appointment>('PUT', `/appointments/${id}/book`, { ...options, body: {}, schema: 'appointment' });
}

export function cancelAppointment(id: number, kind: 'cancel' | 'latecancel', options: WriteOptions): Promise<Appointment> {
  return apiRequest<Appointment>('PUT', `/appointments/${id}/${kind}`, { ...options, body: {}, schema: 'appointment' });
}
