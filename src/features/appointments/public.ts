// What other features may use of appointments: the member's coming appointments and their row,
// for My bookings.
export { AppointmentRow } from './screens/AppointmentRow';
export { useComingAppointments, useRefreshAppointments } from './hooks';
