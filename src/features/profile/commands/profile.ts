// Profile edits work offline: the change shows at once and PUT /profile follows from the outbox.
import { updateProfile as putProfile, profileUpdatePayload } from "../../../data/api/account";
import type { Profile, ProfileUpdate } from '../../../../core/contract/types';
import { db, type OutboxEntry } from '../../../data/db';
import { getAuthState } from '../../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../../data/sync/outbox';
import { touchKey } from '../../../data/sync/touches';
import { previousValues, rollbackFieldPatch } from '../../../data/sync/field-patch';
import { inTransaction } from '../../../data/transaction';
import { LocalRefusal } from '../../../../core/errors';

export const PROFILE_UPDATE = 'profile.update';

export interface ProfileUpdateArgs {
  profileId: number;
  changes: ProfileUpdate;
  /** The values the changed fields had before, to undo a rejected change. */
  previous: ProfileUpdate;
}

function withNames(profile: Profile, changes: ProfileUpdate): Profile {
  const next = { ...profile, ...changes };
  // full_name is derived by the server; keep it plausible until the answer arrives.
  if (!('full_name' in changes) && ('first_name' in changes || 'last_name' in changes)) {
    next.full_name = [next.first_name, next.last_name].filter(Boolean).join(' ');
  }
  return next;
}

const isUpdateOf = (profileId: number) => (entry: OutboxEntry) => entry.op === PROFILE_UPDATE && (entry.args as unknown as ProfileUpdateArgs).profileId === profileId;

/** Optimistic write + outbox entry in one transaction. Throws when nobody is signed in. */
export async function updateProfile(changes: ProfileUpdate): Promise<void> {
  const clean = profileUpdatePayload(changes);
  await commandTransaction([db.profiles], async () => {
    const auth = await getAuthState();
    const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
    if (auth.status !== 'authenticated' || !profile) throw new LocalRefusal('signed_out', 'Not signed in');
    const previous = previousValues(profile, clean);
    await db.profiles.put(withNames(profile, clean));
    const args: ProfileUpdateArgs = { profileId: profile.id, changes: clean, previous: previous as ProfileUpdate };
    await enqueue(PROFILE_UPDATE, args, [touchKey('profiles', profile.id)]);
  });
}

export function registerProfileOps(): void {
  registerOp<ProfileUpdateArgs, Profile>(PROFILE_UPDATE, {
    send: (args, idempotencyKey) => putProfile(args.changes, { idempotencyKey }),
    tables: ['profiles'],

    // The server's answer, with edits still queued behind this one laid on top so they stay visible.
    async onSuccess(result, args, context) {
      if (result.id !== args.profileId) return;
      let next = result;
      const later = await context.laterTouching(touchKey('profiles', args.profileId));
      for (const entry of later.filter(isUpdateOf(args.profileId))) next = withNames(next, (entry.args as unknown as ProfileUpdateArgs).changes);
      // Other queued ops on this row (e.g. hiding an organisation) change its accounts: keep ours.
      if (later.some((entry) => entry.op !== PROFILE_UPDATE)) {
        const current = await db.profiles.get(args.profileId);
        if (current) next = { ...next, accounts: current.accounts };
      }
      await db.profiles.put(next);
    },

    // Restore what this edit replaced, except fields a later queued edit sets.
    async onRejected(args, _error, context) {
      const profile = await db.profiles.get(args.profileId);
      if (!profile) return;
      const later = (await context.laterTouching(touchKey('profiles', args.profileId))).filter(isUpdateOf(args.profileId));
      const restore = await inTransaction(rollbackFieldPatch(args, later));
      await db.profiles.put(withNames(profile, restore as ProfileUpdate));
    },
  });
}
