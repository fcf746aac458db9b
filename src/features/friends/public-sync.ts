// What other features' refreshes may use of the friends slice: fetching the friends booked into a
// facility's classes. Loaded when the timetable asks for it, not with its first rows.
export { pullFriendsBookings } from './pull';
