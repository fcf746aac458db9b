// What the service worker uses of error reports (its SW-safe entry): building, storing and sending.
export { messageOf, stackOf, type CapturedError } from './report';
export { recordErrors } from './record';
export { sendClientReports } from './send';
