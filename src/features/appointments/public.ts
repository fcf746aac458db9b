// What other features may use of appointments: the member's coming appointments for My bookings.
export { ComingAppointments } from './screens/ComingAppointments';
