// What other features may use of the friends slice: the friends line of a class (timetable rows and
// the class page) and its live data.
export { FriendsLine } from './FriendsLine';
export { useFriendsBooked, useFriendsBookings } from './hooks';
