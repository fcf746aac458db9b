// The feed offline-first against the real reference server on loopback: posts in Dexie with
// older pages on demand; comments and reactions shown at once, queued offline, sent once each
// (a lost answer replayed with the same key), and a refused comment taken back with the reason.
import { describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { withCommandServer } from '../../../tests/support/command-server';
import { addComment, reportItem, setReaction } from './commands';
import { pullActivities, pullOlderActivities } from './pull';

const WELLINGTON = seedUuid('facility:harbour-wellington');
const real = withCommandServer('feed');
const browser = real.browser;

const serverComments = (content: string) => real.server.db.selectFrom('comments').select(['id', 'parent_id']).where('content', '=', content).execute();

describe('the feed against the server', () => {
  it('keeps the newest page and older ones on demand, newest first', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    const harbour = real.server.db;
    for (let i = 0; i < 22; i += 1) await harbour.insertInto('posts').values({ org_id: orgId, facility_id: null, author_name: 'Coach', content: `Archive ${i}`, created_at: new Date(Date.now() - 60 * 86_400_000 + i * 60_000).toISOString(), image_url: null }).execute();
    await pullActivities(WELLINGTON, orgId, { force: true });
    expect(await db.activities.count()).toBe(20);
    let more = true;
    while (more) more = await pullOlderActivities(WELLINGTON, orgId);
    const total = (await harbour.selectFrom('posts').select('id').where('org_id', '=', orgId).execute()).length;
    expect(await db.activities.where('org_id').equals(orgId).count()).toBe(total);
  });

  it('comments and reacts offline: shown at once, sent once each when back, a lost answer replayed under the same key', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullActivities(WELLINGTON, orgId, { force: true });
    const post = (await db.activities.where('org_id').equals(orgId).toArray()).sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    browser.unreachable = () => true;
    await addComment(WELLINGTON, post.id, { type: 'post', id: post.id }, null, 'Offline hello');
    await setReaction(WELLINGTON, post.id, { type: 'post', id: post.id }, 'strong');
    const shown = (await db.activities.get(post.id))!;
    expect(shown.comments.items.at(-1)).toMatchObject({ content: 'Offline hello', author: { is_me: true } });
    expect(shown.comments.items.at(-1)!.id).toBeLessThan(0);
    expect(shown.reactions.mine).toBe('strong');
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    expect(await serverComments('Offline hello')).toEqual([]);

    browser.unreachable = null;
    browser.dropAnswer = (url, init) => url.endsWith('/comments') && init?.method === 'POST';
    expect((await flushOutbox({ ignoreBackoff: true })).outcome).toBe('retry');
    browser.dropAnswer = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    const [stored] = await serverComments('Offline hello');
    expect(stored).toBeDefined();
    expect(await serverComments('Offline hello')).toHaveLength(1);
    const after = (await db.activities.get(post.id))!;
    expect(after.comments.items.at(-1)).toMatchObject({ id: stored!.id, content: 'Offline hello' });
    const reactions = await real.server.db.selectFrom('reactions').select('type').where('source_type', '=', 'post').where('source_id', '=', post.id).where('profile_id', '=', auth.profileId!).execute();
    expect(reactions).toEqual([{ type: 'strong' }]);
  });

  it('a comment the server refuses is taken back, and the member is told why', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullActivities(WELLINGTON, orgId, { force: true });
    const post = (await db.activities.where('org_id').equals(orgId).first())!;
    browser.unreachable = () => true;
    await addComment(WELLINGTON, post.id, { type: 'post', id: post.id }, null, 'Too late');
    // The studio removes the post meanwhile.
    await real.server.db.deleteFrom('posts').where('id', '=', post.id).execute();
    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', rejected: 1 });
    expect((await db.activities.get(post.id))?.comments.items.some((c) => c.content === 'Too late')).toBe(false);
    expect((await db.notices.toArray()).at(-1)).toMatchObject({ code: 'not_found' });
  });

  it('reports a comment and a post offline: hidden at once, each report reaches the server once, and the post stays away after a refresh', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullActivities(WELLINGTON, orgId, { force: true });
    const withThread = (await db.activities.where('org_id').equals(orgId).toArray()).find((p) => p.comments.items.some((c) => !c.author.is_me))!;
    const theirs = withThread.comments.items.find((c) => !c.author.is_me)!;
    const other = (await db.activities.where('org_id').equals(orgId).toArray()).find((p) => p.id !== withThread.id)!;
    browser.unreachable = () => true;
    await reportItem(WELLINGTON, withThread.id, { type: 'comment', id: theirs.id }, null);
    await reportItem(WELLINGTON, other.id, { type: 'post', id: other.id }, null);
    expect((await db.activities.get(withThread.id))!.comments.items.some((c) => c.id === theirs.id)).toBe(false);
    expect(await db.activities.get(other.id)).toBeUndefined();
    browser.unreachable = null;
    browser.dropAnswer = (url) => url.endsWith('/reports');
    expect((await flushOutbox({ ignoreBackoff: true })).outcome).toBe('retry');
    browser.dropAnswer = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    const stored = await real.server.db.selectFrom('feed_reports').select(['source_type', 'source_id']).where('profile_id', '=', auth.profileId!).orderBy('id').execute();
    expect(stored).toEqual([{ source_type: 'comment', source_id: theirs.id }, { source_type: 'post', source_id: other.id }]);
    await pullActivities(WELLINGTON, orgId, { force: true });
    expect(await db.activities.get(other.id)).toBeUndefined();
    expect((await db.activities.get(withThread.id))!.comments.items.some((c) => c.id === theirs.id)).toBe(false);
  });

  it('a report the server refuses puts the comment back, and the member is told why', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullActivities(WELLINGTON, orgId, { force: true });
    const withThread = (await db.activities.where('org_id').equals(orgId).toArray()).find((p) => p.comments.items.some((c) => !c.author.is_me))!;
    const theirs = withThread.comments.items.find((c) => !c.author.is_me)!;
    browser.unreachable = () => true;
    await reportItem(WELLINGTON, withThread.id, { type: 'comment', id: theirs.id }, null);
    expect((await db.activities.get(withThread.id))!.comments.items.some((c) => c.id === theirs.id)).toBe(false);
    // The studio turns the feed off meanwhile.
    await real.server.db.updateTable('facilities').set({ feed_enabled: 0 }).where('guid', '=', WELLINGTON).execute();
    browser.unreachable = null;
    try {
      expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', rejected: 1 });
    } finally {
      await real.server.db.updateTable('facilities').set({ feed_enabled: 1 }).where('guid', '=', WELLINGTON).execute();
    }
    expect((await db.activities.get(withThread.id))!.comments.items.find((c) => c.id === theirs.id)).toMatchObject({ content: theirs.content });
    expect((await db.notices.toArray()).at(-1)).toMatchObject({ code: 'not_found' });
  });

  it('a reaction the server refuses goes back to what it was, and the member is told why', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    const orgId = auth.accountOrgId!;
    await pullActivities(WELLINGTON, orgId, { force: true });
    const post = (await db.activities.where('org_id').equals(orgId).toArray()).find((p) => p.reactions.mine === null)!;
    const before = post.reactions;
    browser.unreachable = () => true;
    await setReaction(WELLINGTON, post.id, { type: 'post', id: post.id }, 'celebrate');
    expect((await db.activities.get(post.id))!.reactions).toMatchObject({ mine: 'celebrate', counts: { celebrate: (before.counts.celebrate ?? 0) + 1 } });
    await real.server.db.deleteFrom('posts').where('id', '=', post.id).execute();
    browser.unreachable = null;
    const noticesBefore = await db.notices.count();
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', rejected: 1 });
    expect((await db.activities.get(post.id))!.reactions).toEqual(before);
    expect(await db.notices.count()).toBe(noticesBefore + 1);
    expect((await db.notices.toArray()).at(-1)).toMatchObject({ code: 'not_found' });
  });
});
