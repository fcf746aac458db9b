import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityPage, AppNotification, Comment } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { facilityGuid, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, KAI, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { admin, channelOf, realtimeClient, subscribe } from '../../testing/notifications-helpers';

// What members and staff write that a browser must never run: stored and sent back exactly as
// written, as JSON text (the app renders text nodes and http(s) links only).
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '"><script>alert(document.cookie)</script>',
  "'><iframe src=javascript:alert(1)></iframe>",
  '<a href="javascript:alert(1)">tap</a>',
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '&lt;script&gt;alert(1)&lt;/script&gt; &#60;b&#62;',
  '<div style="background:url(javascript:alert(1))">x</div>',
  'https://example.com/"><script>alert(1)</script>',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
];

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

  it('stores and returns an XSS corpus inert: comments and staff posts come back byte for byte as JSON text', async () => {
    const harbour = (await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow()).id;
    const staff = await admin(server, '/admin/posts', { org_id: harbour, author_name: '<b>Coach</b>', content: XSS_CORPUS.join('\n') });
    expect(staff.status).toBe(201);
    const postId = (await json<{ post: { id: number } }>(staff)).post.id;
    const ids: number[] = [];
    for (const payload of XSS_CORPUS) {
      const res = await post(alex, '/comments', { source_id: postId, source_type: 'post', comment: { content: payload } });
      expect(res.status, payload).toBe(201);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      const made = await json<Comment>(res);
      expect(made.content).toBe(payload);
      ids.push(made.id);
    }
    const stored = await db.selectFrom('comments').select(['id', 'content']).where('post_id', '=', postId).orderBy('id').execute();
    expect(stored.map((r) => r.content)).toEqual(XSS_CORPUS);
    const read = await alex.get(`/api/v1/activities/${postId}`, { headers: wellington });
    expect(read.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(read.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const activity = await json<Activity>(read);
    expect(activity.content).toBe(XSS_CORPUS.join('\n'));
    expect(activity.author.full_name).toBe('<b>Coach</b>');
    expect(activity.comments.items.map((c) => [c.id, c.content])).toEqual(ids.map((id, i) => [id, XSS_CORPUS[i]]));
    // The list carries the same text.
    expect((await page(alex)).activities.find((a) => a.id === postId)?.content).toBe(XSS_CORPUS.join('\n'));
    await db.deleteFrom('comments').where('post_id', '=', postId).execute();
    await db.deleteFrom('posts').where('id', '=', postId).execute();
  });

  it('keeps other organisations’ and other facilities’ posts out of reach, and one member’s reaction away from another', async () => {
    const summit = (await db.selectFrom('posts').innerJoin('orgs', 'orgs.id', 'posts.org_id').select('posts.id').where('orgs.name', '=', 'Summit Climbing').executeTakeFirstOrThrow()).id;
    const petoneOnly = (await db.selectFrom('posts').select('id').where('content', '=', 'Petone only').executeTakeFirstOrThrow()).id;
    for (const id of [summit, petoneOnly]) {
      expect((await alex.get(`/api/v1/activities/${id}`, { headers: wellington })).status).toBe(404);
      expect((await post(alex, '/comments', { source_id: id, source_type: 'post', comment: { content: 'hi' } })).status).toBe(404);
      expect((await post(alex, '/reactions', { reaction: { type: 'like', source_id: id, source_type: 'post' } })).status).toBe(404);
      expect((await del(alex, `/reactions/post-${id}`)).status).toBe(404);
    }
    const summitComment = await db.insertInto('comments').values({ post_id: summit, parent_id: null, profile_id: await profileIdOf(db, KAI), content: 'Summit only', created_at: seededAt.toISOString() }).returning('id').executeTakeFirstOrThrow();
    expect((await post(alex, '/comments', { source_id: summitComment.id, source_type: 'comment', comment: { content: 'hi' } })).status).toBe(404);
    expect((await post(alex, '/reactions', { reaction: { type: 'like', source_id: summitComment.id, source_type: 'comment' } })).status).toBe(404);
    expect((await del(alex, `/comments/${summitComment.id}`)).status).toBe(404);
    await db.deleteFrom('comments').where('id', '=', summitComment.id).execute();

    // Sam taking "his" reaction back leaves Alex's; Alex's counts show Sam's, not as Alex's own.
    const [latest] = (await page(alex)).activities;
    await post(alex, '/reactions', { reaction: { type: 'celebrate', source_id: latest!.id, source_type: 'post' } });
    expect((await del(sam, `/reactions/post-${latest!.id}`)).status).toBe(204);
    const seen = await json<Activity>(await alex.get(`/api/v1/activities/${latest!.id}`, { headers: wellington }));
    expect(seen.reactions.mine).toBe('celebrate');
    const samSees = await json<Activity>(await sam.get(`/api/v1/activities/${latest!.id}`, { headers: wellington }));
    expect(samSees.reactions).toMatchObject({ mine: null, counts: { celebrate: seen.reactions.counts.celebrate } });
    await del(alex, `/reactions/post-${latest!.id}`);
  });

  it('a reply on a member’s thread reaches that member live on their channel; their own replies do not', async () => {
    const client = realtimeClient(server, alex);
    try {
      const inbox = await subscribe(client, await channelOf(alex));
      const [latest] = (await page(alex)).activities;
      const thread = await json<Comment>(await post(alex, '/comments', { source_id: latest!.id, source_type: 'post', comment: { content: 'Who is in for Saturday?' } }));
      await post(alex, '/comments', { source_id: thread.id, source_type: 'comment', comment: { content: 'Me, obviously' } });
      await post(sam, '/comments', { source_id: thread.id, source_type: 'comment', comment: { content: 'Count me in' } });
      const live = await inbox.next((m) => m.event === 'created' && m.notification.type === 'post' && m.notification.message.includes('Count me in'));
      expect(live.notification.params).toEqual({ posts: [{ id: latest!.id, author: { full_name: 'Sam Taylor' } }] });
      expect(inbox.messages.filter((m) => m.notification.message.includes('Me, obviously'))).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('a member reports a post or comment: kept for staff, hidden for that member only, once however often sent', async () => {
    const harbour = (await db.selectFrom('orgs').select('id').where('name', '=', 'Harbour Strength').executeTakeFirstOrThrow()).id;
    const made = await json<{ post: { id: number } }>(await admin(server, '/admin/posts', { org_id: harbour, author_name: 'Coach', content: 'Spam? Buy now' }));
    const postId = made.post.id;
    const thread = await json<Comment>(await post(sam, '/comments', { source_id: postId, source_type: 'post', comment: { content: 'Rude words' } }));
    await post(alex, '/comments', { source_id: thread.id, source_type: 'comment', comment: { content: 'A reply in that thread' } });
    const kept = await json<Comment>(await post(sam, '/comments', { source_id: postId, source_type: 'post', comment: { content: 'Fine words' } }));

    const report = (source_type: string, source_id: number, key?: string) => post(alex, '/reports', { report: { source_type, source_id } }, key ? { 'Idempotency-Key': key } : {});
    expect((await report('comment', thread.id, 'report-1')).status).toBe(201);
    expect((await report('comment', thread.id, 'report-1')).status).toBe(201);
    expect((await report('comment', thread.id)).status).toBe(201);
    const alexSees = await json<Activity>(await alex.get(`/api/v1/activities/${postId}`, { headers: wellington }));
    expect(alexSees.comments).toMatchObject({ count: 1, items: [{ id: kept.id }] });
    // Sam still sees the whole thread.
    expect((await json<Activity>(await sam.get(`/api/v1/activities/${postId}`, { headers: wellington }))).comments.count).toBe(3);

    expect((await report('post', postId)).status).toBe(201);
    expect((await alex.get(`/api/v1/activities/${postId}`, { headers: wellington })).status).toBe(404);
    expect((await page(alex)).activities.some((a) => a.id === postId)).toBe(false);
    expect((await page(sam)).activities.some((a) => a.id === postId)).toBe(true);

    const staff = await json<{ reports: { source_type: string; source_id: number; post_id: number; content: string; author: string; reported_by: string }[] }>(await fetch(`${server.url}/admin/reports?org_id=${harbour}`, { headers: { Authorization: `Bearer ${server.running.adminToken}` } }));
    const mine = staff.reports.filter((r) => r.post_id === postId);
    expect(mine).toEqual([
      expect.objectContaining({ source_type: 'post', source_id: postId, content: 'Spam? Buy now', author: 'Coach', reported_by: ALEX }),
      expect.objectContaining({ source_type: 'comment', source_id: thread.id, content: 'Rude words', author: 'Sam Taylor', reported_by: ALEX }),
    ]);
    expect((await fetch(`${server.url}/admin/reports`)).status).toBe(401);
    // Nothing outside what the member can see, and nothing but posts and comments.
    const summit = (await db.selectFrom('posts').innerJoin('orgs', 'orgs.id', 'posts.org_id').select('posts.id').where('orgs.name', '=', 'Summit Climbing').executeTakeFirstOrThrow()).id;
    expect((await report('post', summit)).status).toBe(404);
    expect((await report('member', 1)).status).toBe(422);
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
