// User intents the screens call. Every context that flushes the outbox (page and service worker)
// must call registerCommandOps() first, or queued entries wait for an app that knows them.
import { registerBookingOps } from './booking';
import { registerMemberOps } from './member';
import { registerNotificationOps } from './notifications';
import { registerOrgOps } from './orgs';
import { registerProfileOps } from './profile';
import { registerTrainingOps } from './training';

export { updateProfile, PROFILE_UPDATE, type ProfileUpdateArgs } from './profile';
export { updateMember, MEMBER_UPDATE, type MemberUpdateArgs } from './member';
export { setOrgVisible, ORG_VISIBILITY, type OrgVisibilityArgs } from './orgs';
export {
  book, dropIn, joinWaitlist, cancelBooking, lateCancel, removeFromWaitlist, confirmOffer, declineOffer,
  CommandRefused, BOOKING_OPS, type BookingArgs, type CommandRefusedReason,
} from './booking';
export {
  markNotificationRead, markAllNotificationsRead, NOTIFICATION_MARK_READ, NOTIFICATIONS_MARK_ALL_READ, type MarkReadArgs, type MarkAllReadArgs,
} from './notifications';

export {
  logWorkout, editWorkout, deleteWorkout, toggleWorkoutReaction, WORKOUT_OPS,
  type WorkoutCreateArgs, type WorkoutUpdateArgs, type WorkoutDeleteArgs, type WorkoutReactionArgs,
} from './training';

export function registerCommandOps(): void {
  registerProfileOps();
  registerMemberOps();
  registerOrgOps();
  registerBookingOps();
  registerNotificationOps();
  registerTrainingOps();
}
