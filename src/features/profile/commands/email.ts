// Changing the sign-in email: online only, with the current password (see
// docs/decisions.md#changing-the-sign-in-email). Profile edits still queued go first, so an
// older queued answer cannot put the old email back on the device after this one.
import { changeEmail } from '../../../data/api/account';
import { ApiError } from '../../../data/api/errors';
import { getAuthState } from '../../../data/sync/auth-row';
import { keepAnswered, touchKey } from '../../../data/sync/touches';
import type { Profile } from '../../../../core/contract/types';
import { untilSent } from '../../../data/sync/until-sent';
import { LocalRefusal } from '../../../../core/errors';

const QUEUED_WAIT_MS = 10_000;

export async function changeSignInEmail(email: string, currentPassword: string): Promise<void> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.profileId === null) throw new LocalRefusal('signed_out', 'Not signed in');
  if (!(await untilSent(touchKey('profiles', auth.profileId), QUEUED_WAIT_MS))) {
    throw new ApiError(503, { code: 'server_busy', message: 'Your profile is still being saved. Try again in a moment.' });
  }
  const profile = await changeEmail(email, currentPassword);
  await keepAnswered<Profile>('profiles', auth.profileId, { email: profile.email });
}
