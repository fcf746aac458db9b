// The one list of every feature's replay handlers. Every context that flushes the outbox (page and
// service worker) calls registerCommandOps() first, or queued entries wait for an app that knows them.
import { registerAppointmentOps } from './appointments/commands';
import { registerBookingOps } from './booking/commands';
import { registerRecurringOps } from './booking/recurring-commands';
import { registerMemberOps } from './profile/commands/member';
import { registerNotificationOps } from './notifications/commands';
import { registerOrgOps } from './profile/commands/orgs';
import { registerProfileOps } from './profile/commands/profile';
import { registerAvatarOps } from './profile/avatar';
import { registerShopOps } from './shop/commands';
import { registerFeedOps } from './feed/commands';
import { registerTrainingOps } from './training/commands';

export function registerCommandOps(): void {
  registerProfileOps();
  registerAvatarOps();
  registerMemberOps();
  registerOrgOps();
  registerBookingOps();
  registerRecurringOps();
  registerNotificationOps();
  registerTrainingOps();
  registerAppointmentOps();
  registerShopOps();
  registerFeedOps();
}
