import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityPage, AppNotification, Comment } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { facilityGuid, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, KAI, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

describe('activity feed', () => {
  const seededAt = new Date();
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    sam = await signedIn(server, SAM);
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
  });
  afterAll(() => server.close());

  const page = async (browser: Browser, before?: string) => json<ActivityPage>(await browser.get(`/api/v1/activities${before ? `?before=${before}` : ''}`, { headers: wellington }));
  const post = (browser: Browser, path: string, body: unknown, headers: Record<string, string> = {}) => browser.request(`/api/v1${path}`, { method: 'POST', json: body, headers: { ...wellington, ...headers } });
  const del = (browser: Browser, path: string) => browser.request(`/api/v1${path}`, { method: 'DELETE', headers: wellington });

  it('pages the organisation’s posts newest first with a cursor; another facility’s posts and a feed that is off stay hidden', async () => {
    const harbour = (await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow()).id;
    const petone = (await db.selectFrom('facilities').select('id').where('name', '=', 'Petone').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 25; i += 1) await db.insertInto('posts').values({ org_id: harbour, facility_id: null, author_name: 'Coach', content: `Note ${i}`, created_at: new Date(seededAt.getTime() - 40 * 86_400_000 + i * 60_000).toISOString(), image_url: null }).execute();
    await db.insertInto('posts').values({ org_id: harbour, facility_id: petone, author_name: 'Coach', content: 'Petone only', created_at: seededAt.toISOString(), image_url: null }).execute();

    const seen: Activity[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(alex, cursor);
      expect(next.activities.length).toBeLessThanOrEqual(20);
      seen.push(...next.activities);
      cursor = next.next_cursor ?? undefined;
    } while (cursor);
    const total = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', harbour).where((eb) => eb.or([eb('facility_id', 'is', null), eb('facility_id', '!=', petone)])).executeTakeFirstOrThrow();
    expect(seen).toHaveLength(Number(total.n));
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length);
    const times = seen.map((a) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen.some((a) => a.content === 'Petone only')).toBe(false);
    // The seeded thread: a comment with its reply, reactions counted with the member's own.
    const tip = seen.find((a) => a.content.startsWith('Coaching tip'))!;
    expect(tip.comments).toMatchObject({ count: 2, items: [{ content: 'This fixed my low back pinch, thanks Tom!', replies: [{ content: 'Same here. The ribs-down cue is gold.', author: { is_me: true } }] }] });
    expect(tip.reactions).toEqual({ counts: { strong: 1, like: 1 }, mine: 'strong' });

    const kai = await signedIn(server, KAI);
    const tallinn = await kai.get('/api/v1/activities', { headers: { 'X-Facility-Id': await facilityGuid(db, 'Tallinn Old Town') } });
    expect(tallinn.status).toBe(404);
    expect((await alex.get('/api/v1/activities?before=not-a-cursor', { headers: wellington })).status).toBe(200);
  });

  it('comments and replies as plain text; a reply to a reply joins its thread and tells the comment’s author; only one’s own comment can be deleted', async () => {
    const [latest] = (await page(alex)).activities;
    const xss = '<img src=x onerror=alert(1)> <script>alert("x")</script> javascript:alert(1)';
    const res = await post(alex, '/comments', { source_id: latest!.id, source_type: 'post', comment: { content: `  ${xss}  ` } });
    expect(res.status).toBe(201);
    const mine = await json<Comment>(res);
    expect(mine).toMatchObject({ content: xss, author: { full_name: 'Alex Rivera', is_me: true }, replies: [] });

    const samsReply = await json<Comment>(await post(sam, '/comments', { source_id: mine.id, source_type: 'comment', comment: { content: 'Nice one' } }));
    const alexAgain = await json<Comment>(await post(alex, '/comments', { source_id: samsReply.id, source_type: 'comment', comment: { content: 'Thanks!' } }));
    const thread = (await json<Activity>(await alex.get(`/api/v1/activities/${latest!.id}`, { headers: wellington }))).comments.items.find((c) => c.id === mine.id)!;
    expect(thread.replies.map((r) => r.id)).toEqual([samsReply.id, alexAgain.id]);
    const told = (await json<{ data: AppNotification[] }>(await alex.get('/api/v1/notifications', { headers: wellington }))).data;
    expect(told.some((n) => n.type === 'post' && n.message.startsWith('Sam Taylor replied to your comment'))).toBe(true);

    for (const bad of ['', '   ', 'x'.repeat(1001), 'bad\u0000text']) expect((await post(alex, '/comments', { source_id: latest!.id, source_type: 'post', comment: { content: bad } })).status).toBe(422);
    expect((await post(alex, '/comments', { source_id: 999999, source_type: 'post', comment: { content: 'hello' } })).status).toBe(404);
    expect((await del(sam, `/comments/${mine.id}`)).status).toBe(404);
    expect((await del(alex, `/comments/${mine.id}`)).status).toBe(204);
    expect((await json<Activity>(await alex.get(`/api/v1/activities/${latest!.id}`, { headers: wellington }))).comments.items.some((c) => c.id === mine.id)).toBe(false);
  });

  it('reacts once per member and thing (a new type replaces the old), idempotently, and takes it back', async () => {
    const [latest] = (await page(alex)).activities;
    const react = (type: string, key?: string) => post(alex, '/reactions', { reaction: { type, source_id: latest!.id, source_type: 'post' } }, key ? { 'Idempotency-Key': key } : {});
    const before = latest!.reactions.counts.like ?? 0;
    expect(await json(await react('like', 'react-1'))).toMatchObject({ reactions: { mine: 'like', counts: { like: before + 1 } } });
    expect(await json(await react('like', 'react-1'))).toMatchObject({ reactions: { mine: 'like', counts: { like: before + 1 } } });
    const changed = await json<{ reactions: Activity['reactions'] }>(await react('love'));
    expect(changed.reactions.mine).toBe('love');
    expect(changed.reactions.counts.like ?? 0).toBe(before);
    expect((await react('angry')).status).toBe(422);
    expect((await del(alex, `/reactions/post-${latest!.id}`)).status).toBe(204);
    expect((await json<Activity>(await alex.get(`/api/v1/activities/${latest!.id}`, { headers: wellington }))).reactions.mine).toBeNull();
    expect((await del(alex, '/reactions/post-nope')).status).toBe(404);
    expect(await profileIdOf(db, ALEX)).toBeGreaterThan(0);
  });
});
