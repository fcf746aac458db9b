// Invitations for the screens: reading one, signing up with it (the new member is signed in on
// this device) and, signed in, accepting it (the organisation is added and opened). Online only.
import { switchAccount } from '../../data/auth';
import { signedInAs } from '../../data/sign-in';
import type { AuthState } from '../../data/db';
import { keepAnswered } from '../../data/sync/touches';
import type { Profile } from '../../../core/contract/types';
import { getInvitation, postSignup, putAcceptInvitation, type SignupForm } from './api';
import { pullOpeningWeekAfterSignIn } from './after-sign-in';

export type { Invitation, SignupForm } from './api';
export { getInvitation };

export async function signUp(token: string, form: SignupForm): Promise<AuthState> {
  const auth = await signedInAs(await postSignup(token, form));
  void pullOpeningWeekAfterSignIn(auth);
  return auth;
}

export async function acceptInvitation(token: string): Promise<void> {
  const invitation = await getInvitation(token);
  const profile = await putAcceptInvitation(token);
  await keepAnswered<Profile>('profiles', profile.id, { accounts: profile.accounts });
  await switchAccount(invitation.org.id);
}
