// Member details edited offline: a refused edit is undone, but a field a later queued edit of the
// same organisation sets keeps that edit's value, and that edit inherits the value to restore.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Member, MemberUpdate } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { flushOutbox } from '../../../data/sync/replay';
import { registerCommandOps } from '../../ops';
import { makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../../tests/support/data-helpers';
import { MEMBER_UPDATE, updateMember } from './member';

const fake = withFakeApi();
registerCommandOps();

const member = (orgId: number): Member => ({
  id: orgId, short_id: `m${orgId}`, org_id: orgId, first_name: 'Alex', last_name: 'Example', email: 'alex@example.com', phone: '111', address: null, birthday: null,
  emergency_contact: null,
});

beforeEach(async () => {
  await resetDb();
  const auth = await signedInLocally(makeProfile(1));
  await db.members.put(member(auth.accountOrgId!));
});

describe('member.update', () => {
  it('on refusal restores the fields only it set; a later queued edit keeps its value and inherits the undo', async () => {
    const orgId = (await db.members.toCollection().first())!.org_id;
    await updateMember({ phone: 'not a phone', last_name: 'Typo' });
    await updateMember({ phone: '222' });
    fake.api.handle((request) =>
      (request.body as { member: MemberUpdate }).member.phone === 'not a phone'
        ? { status: 422, body: { message: 'Invalid phone', code: 'validation_failed' } }
        : { status: 503, body: { message: 'Busy', code: 'unavailable' } },
    );
    await flushOutbox();
    expect(await db.members.get(orgId)).toMatchObject({ last_name: 'Example', phone: '222' });
    expect((await db.outbox.toArray()).map((entry) => [entry.op, entry.args])).toEqual([[MEMBER_UPDATE, { orgId, changes: { phone: '222' }, previous: { phone: '111' } }]]);
  });
});
