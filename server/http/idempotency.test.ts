import { describe, expect, it } from 'vitest';
import type { Account, ApiErrorBody, Profile } from '../../core/contract/types';
import { ALEX, json, signedIn, useSignedInServer } from '../testing/helpers';

describe('idempotent writes', () => {
  const ctx = useSignedInServer(ALEX);

  it('runs a write once per key and replays the stored response', async () => {
    const key = crypto.randomUUID();
    const first = await ctx.member.put('/api/v1/profile', { profile: { full_name: 'Alex R.' } }, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    const firstBody = await first.text();

    // Changed in between without a key: a replay must not undo it.
    await ctx.member.put('/api/v1/profile', { profile: { full_name: 'Alex Rivera-Smith' } });

    const replay = await ctx.member.put('/api/v1/profile', { profile: { full_name: 'Alex R.' } }, { headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstBody);
    expect((await json<Profile>(await ctx.member.get('/api/v1/profile'))).full_name).toBe('Alex Rivera-Smith');

    const rows = await ctx.server.running.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'PUT', path: '/api/v1/profile', status: 200 });
  });

  it('refuses the same key for a different body or path with 422', async () => {
    const key = crypto.randomUUID();
    const headers = { 'Idempotency-Key': key };
    expect((await ctx.member.put('/api/v1/orgs/2', { visible: false }, { headers })).status).toBe(200);
    const otherBody = await ctx.member.put('/api/v1/orgs/2', { visible: true }, { headers });
    expect(otherBody.status).toBe(422);
    expect(await json<ApiErrorBody>(otherBody)).toMatchObject({ code: 'idempotency_key_reused' });
    const otherPath = await ctx.member.put('/api/v1/orgs/1', { visible: false }, { headers });
    expect(otherPath.status).toBe(422);
    const account = await json<Account>(await ctx.member.put('/api/v1/orgs/2', { visible: false }, { headers }));
    expect(account.hidden_at).toEqual(expect.any(String));
    await ctx.member.put('/api/v1/orgs/2', { visible: true });
  });

  it('keeps keys per member: another member may use the same key', async () => {
    const key = crypto.randomUUID();
    const sam = await signedIn(ctx.server, 'sam@example.com');
    const a = await ctx.member.put('/api/v1/member', { member: { phone: '111' } }, { headers: { 'Idempotency-Key': key, 'X-Club-Id': '1' } });
    const s = await sam.put('/api/v1/member', { member: { phone: '222' } }, { headers: { 'Idempotency-Key': key, 'X-Club-Id': '1' } });
    expect([a.status, s.status]).toEqual([200, 200]);
    expect((await json<{ phone: string }>(s)).phone).toBe('222');
  });

  it('remembers nothing when the write fails, so a corrected retry can succeed', async () => {
    const key = crypto.randomUUID();
    const refused = await ctx.member.put('/api/v1/profile', { profile: { first_name: 'x'.repeat(500) } }, { headers: { 'Idempotency-Key': key } });
    expect(refused.status).toBe(422);
    expect(await ctx.server.running.db.selectFrom('idempotency_keys').select('id').where('key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it('rejects a malformed key', async () => {
    const res = await ctx.member.put('/api/v1/orgs/2', { visible: true }, { headers: { 'Idempotency-Key': 'has spaces in it' } });
    expect(res.status).toBe(400);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ code: 'invalid_idempotency_key' });
  });
});
