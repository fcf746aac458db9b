// Password reset for the signed-out screens: online only (there is no member data to work from
// offline). Setting the new password signs this device in as the member.
import { signedInAs } from '../../data/sign-in';
import type { AuthState } from '../../data/db';
import { checkPasswordReset, completePasswordReset, requestPasswordReset } from './api';
import { pullOpeningWeekAfterSignIn } from './after-sign-in';

export { requestPasswordReset, checkPasswordReset };

export async function resetPassword(token: string, password: string): Promise<AuthState> {
  const auth = await signedInAs(await completePasswordReset(token, password));
  void pullOpeningWeekAfterSignIn(auth);
  return auth;
}
