// Member details (per organisation) edit offline like the profile: optimistic row, then PUT /member
// in the organisation the edit was made in, whatever is selected when the outbox replays it.
import { updateMember as putMember } from "../../../data/api/account";
import type { Member, MemberUpdate } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { getAuthState } from '../../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../../data/sync/outbox';
import { touchKey } from '../../../data/sync/touches';
import { previousValues, rollbackFieldPatch } from '../../../data/sync/field-patch';
import { inTransaction } from '../../../data/transaction';
import { LocalRefusal } from '../../../../core/errors';

export const MEMBER_UPDATE = 'member.update';

export interface MemberUpdateArgs {
  orgId: number;
  changes: MemberUpdate;
  previous: MemberUpdate;
}

export async function updateMember(changes: MemberUpdate): Promise<void> {
  await commandTransaction([db.members], async () => {
    const auth = await getAuthState();
    const member = auth.accountOrgId === null ? undefined : await db.members.get(auth.accountOrgId);
    if (auth.status !== 'authenticated' || !member) throw new LocalRefusal('signed_out', 'Not signed in');
    const previous = previousValues(member, changes) as MemberUpdate;
    await db.members.put({ ...member, ...changes });
    const args: MemberUpdateArgs = { orgId: member.org_id, changes, previous };
    await enqueue(MEMBER_UPDATE, args, [touchKey('members', member.org_id)]);
  });
}

export function registerMemberOps(): void {
  registerOp<MemberUpdateArgs, Member>(MEMBER_UPDATE, {
    send: (args, idempotencyKey) => putMember(args.changes, { idempotencyKey, scope: { facilityGuid: null, clubId: args.orgId } }),
    tables: ['members'],
    async onSuccess(result) {
      await db.members.put(result);
    },
    // Restore what this edit replaced, except fields a later queued edit of the same organisation sets.
    async onRejected(args, _error, context) {
      const member = await db.members.get(args.orgId);
      if (!member) return;
      const later = (await context.laterTouching(touchKey('members', args.orgId))).filter((entry) => entry.op === MEMBER_UPDATE && (entry.args as unknown as MemberUpdateArgs).orgId === args.orgId);
      await db.members.put({ ...member, ...(await inTransaction(rollbackFieldPatch(args, later))) });
    },
  });
}
