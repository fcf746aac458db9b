// Hiding or showing an organisation in the picker (PUT /orgs/{id}), offline-first.
import { setOrgVisible as putOrgVisible } from "../../../data/api/account";
import type { Account } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { getAuthState } from '../../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../../data/sync/outbox';
import { touchKey } from '../../../data/sync/touches';
import { LocalRefusal } from '../../../../core/errors';

export const ORG_VISIBILITY = 'orgs.setVisible';

export interface OrgVisibilityArgs {
  profileId: number;
  orgId: number;
  visible: boolean;
  previousHiddenAt: string | null;
}

async function patchAccount(profileId: number, orgId: number, patch: (account: Account) => Account): Promise<void> {
  const profile = await db.profiles.get(profileId);
  if (!profile) return;
  await db.profiles.put({ ...profile, accounts: profile.accounts.map((a) => (a.org.id === orgId ? patch(a) : a)) });
}

export async function setOrgVisible(orgId: number, visible: boolean): Promise<void> {
  await commandTransaction([db.profiles], async () => {
    const auth = await getAuthState();
    const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
    const account = profile?.accounts.find((a) => a.org.id === orgId);
    if (auth.status !== 'authenticated' || !profile || !account) throw new LocalRefusal('signed_out', 'Not signed in');
    await patchAccount(profile.id, orgId, (a) => ({ ...a, hidden_at: visible ? null : new Date().toISOString() }));
    const args: OrgVisibilityArgs = { profileId: profile.id, orgId, visible, previousHiddenAt: account.hidden_at };
    await enqueue(ORG_VISIBILITY, args, [touchKey('profiles', profile.id)]);
  });
}

export function registerOrgOps(): void {
  registerOp<OrgVisibilityArgs, Account>(ORG_VISIBILITY, {
    send: (args, idempotencyKey) => putOrgVisible(args.orgId, args.visible, { idempotencyKey }),
    onSuccess: (result, args) => patchAccount(args.profileId, args.orgId, () => result),
    onRejected: (args) => patchAccount(args.profileId, args.orgId, (a) => ({ ...a, hidden_at: args.previousHiddenAt })),
  });
}
