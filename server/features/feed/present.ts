import type { Kysely } from 'kysely';
import type { Activity, Comment, FeedReactions, Reply } from '../../../core/contract/types';
import type { Database, PostRow, ReactionSourceText } from '../../db/schema';
import { inChunks } from '../../db/chunks';

// Posts as the feed shows them: each with its comments (replies under theirs), and reactions
// counted per type with the member's own, less what the member reported. Text goes out exactly as
// stored: plain text.

type Db = Kysely<Database>;

async function reactionsOf(db: Db, type: ReactionSourceText, ids: readonly number[], me: number): Promise<Map<number, FeedReactions>> {
  const out = new Map<number, FeedReactions>(ids.map((id) => [id, { counts: {}, mine: null }]));
  const rows = await inChunks(ids, (chunk) => db.selectFrom('reactions').select(['source_id', 'type', 'profile_id']).where('source_type', '=', type).where('source_id', 'in', chunk).execute());
  for (const row of rows) {
    const summary = out.get(row.source_id)!;
    summary.counts[row.type] = (summary.counts[row.type] ?? 0) + 1;
    if (row.profile_id === me) summary.mine = row.type as FeedReactions['mine'];
  }
  return out;
}

export async function presentActivities(db: Db, posts: readonly PostRow[], me: number): Promise<Activity[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((p) => p.id);
  const all = await inChunks(postIds, (chunk) =>
    db
      .selectFrom('comments')
      .innerJoin('members_profiles', 'members_profiles.id', 'comments.profile_id')
      .select(['comments.id', 'comments.post_id', 'comments.parent_id', 'comments.profile_id', 'comments.content', 'comments.created_at', 'members_profiles.full_name'])
      .where('comments.post_id', 'in', chunk)
      .orderBy('comments.created_at')
      .orderBy('comments.id')
      .execute(),
  );
  // Comments the member reported are hidden for them, a reported thread with its replies.
  const reported = new Set((await inChunks(all.map((c) => c.id), (chunk) => db.selectFrom('feed_reports').select('source_id').where('profile_id', '=', me).where('source_type', '=', 'comment').where('source_id', 'in', chunk).execute())).map((r) => r.source_id));
  const comments = reported.size === 0 ? all : all.filter((c) => !reported.has(c.id) && !(c.parent_id !== null && reported.has(c.parent_id)));
  const [postReactions, commentReactions] = await Promise.all([reactionsOf(db, 'post', postIds, me), reactionsOf(db, 'comment', comments.map((c) => c.id), me)]);
  const asReply = (row: (typeof comments)[number]): Reply => ({
    id: row.id,
    source_type: 'comment',
    content: row.content,
    created_at: row.created_at,
    author: { full_name: row.full_name, is_me: row.profile_id === me },
    reactions: commentReactions.get(row.id) ?? { counts: {}, mine: null },
  });
  const counts = new Map<number, number>();
  for (const row of comments) counts.set(row.post_id, (counts.get(row.post_id) ?? 0) + 1);
  const threads = new Map<number, Comment[]>();
  const byId = new Map<number, Comment>();
  for (const row of comments.filter((c) => c.parent_id === null)) {
    const item: Comment = { ...asReply(row), replies: [] };
    byId.set(row.id, item);
    threads.set(row.post_id, [...(threads.get(row.post_id) ?? []), item]);
  }
  for (const row of comments.filter((c) => c.parent_id !== null)) byId.get(row.parent_id!)?.replies.push(asReply(row));
  return posts.map((post) => ({
    id: post.id,
    source_type: 'post',
    org_id: post.org_id,
    author: { full_name: post.author_name },
    content: post.content,
    image_url: post.image_url ?? null,
    created_at: post.created_at,
    comments: { items: threads.get(post.id) ?? [], count: counts.get(post.id) ?? 0 },
    reactions: postReactions.get(post.id) ?? { counts: {}, mine: null },
  }));
}

export async function presentComment(db: Db, id: number, me: number): Promise<Comment> {
  const row = await db
    .selectFrom('comments')
    .innerJoin('members_profiles', 'members_profiles.id', 'comments.profile_id')
    .select(['comments.id', 'comments.profile_id', 'comments.content', 'comments.created_at', 'members_profiles.full_name'])
    .where('comments.id', '=', id)
    .executeTakeFirstOrThrow();
  return { id: row.id, source_type: 'comment', content: row.content, created_at: row.created_at, author: { full_name: row.full_name, is_me: row.profile_id === me }, reactions: (await reactionsOf(db, 'comment', [id], me)).get(id)!, replies: [] };
}

export async function reactionsFor(db: Db, type: ReactionSourceText, id: number, me: number): Promise<FeedReactions> {
  return (await reactionsOf(db, type, [id], me)).get(id)!;
}
