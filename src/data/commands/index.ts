// User intents the screens call. Every context that flushes the outbox (page and service worker)
// must call registerCommandOps() first, or queued entries wait for an app that knows them.
import { registerMemberOps } from './member';
import { registerOrgOps } from './orgs';
import { registerProfileOps } from './profile';

export { updateProfile, PROFILE_UPDATE, type ProfileUpdateArgs } from './profile';
export { updateMember, MEMBER_UPDATE, type MemberUpdateArgs } from './member';
export { setOrgVisible, ORG_VISIBILITY, type OrgVisibilityArgs } from './orgs';

export function registerCommandOps(): void {
  registerProfileOps();
  registerMemberOps();
  registerOrgOps();
}
