// Feed intents (docs/rules.md#activity-feed): comment on a post, reply to a comment, delete one's own
// comment, react or take a reaction back, report a post or comment (hidden for the member at once). Each changes the post on the device at once and waits
// in the outbox in ONE transaction; the server's answer replaces the guess, a refusal undoes
// just what this intent did (by id, so later intents on the post stay) and the notice says why.
//
// A comment made on the device has a negative id until the server answers; replying to it, or
// deleting it, waits until then (the screen offers neither meanwhile).
//
// The service worker imports this module: no window or document here.
import { facilityScope } from '../../data/api/client';
import type { WriteOptions } from '../../data/api/account';
import { db } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../data/sync/outbox';
import { touchKey } from '../../data/sync/touches';
import { inTransaction, newTempId } from '../../data/transaction';
import { LocalRefusal } from '../../../core/errors';
import type { Activity, Comment, FeedReactions, ReactionType, Reply } from '../../../core/contract/types';
import { deleteComment as sendDelete, deleteReaction, postComment, postReaction, postReport } from './api';

export const FEED_OPS = { comment: 'feed.comment', uncomment: 'feed.uncomment', react: 'feed.react', report: 'feed.report' } as const;

type Source = { type: 'post' | 'comment'; id: number };

interface CommentArgs {
  facilityGuid: string;
  postId: number;
  source: Source;
  /** The thread a reply goes into (the top-level comment), null for a comment on the post. */
  threadId: number | null;
  tempId: number;
  content: string;
}

interface UncommentArgs {
  facilityGuid: string;
  postId: number;
  comment: Comment | Reply;
  threadId: number | null;
}

interface ReactArgs {
  facilityGuid: string;
  postId: number;
  source: Source;
  /** null takes the reaction back. */
  type: ReactionType | null;
  before: FeedReactions;
}

interface ReportArgs {
  facilityGuid: string;
  postId: number;
  source: Source;
  /** What was hidden, put back if the server refuses: the post, or the comment and its thread. */
  post?: Activity;
  comment?: { item: Comment | Reply; threadId: number | null };
}

function options(facilityGuid: string, idempotencyKey: string): WriteOptions {
  return { idempotencyKey, scope: facilityScope(facilityGuid) };
}

/** Applies `change` to the post's row on the device (nothing when the device does not have it). */
async function updatePost(postId: number, change: (post: Activity) => Activity): Promise<void> {
  const post = await db.activities.get(postId);
  if (post) await db.activities.put(change(post));
}

function withComment(post: Activity, threadId: number | null, comment: Comment): Activity {
  const { replies: _replies, ...reply } = comment;
  const items = threadId === null ? [...post.comments.items, comment] : post.comments.items.map((c) => (c.id === threadId ? { ...c, replies: [...c.replies, reply] } : c));
  return { ...post, comments: { items, count: post.comments.count + 1 } };
}

function withoutComment(post: Activity, id: number): Activity {
  const top = post.comments.items.find((c) => c.id === id);
  const removed = top ? 1 + top.replies.length : post.comments.items.some((c) => c.replies.some((r) => r.id === id)) ? 1 : 0;
  const items = post.comments.items.filter((c) => c.id !== id).map((c) => ({ ...c, replies: c.replies.filter((r) => r.id !== id) }));
  return { ...post, comments: { items, count: Math.max(0, post.comments.count - removed) } };
}

function withReactions(post: Activity, source: Source, reactions: FeedReactions): Activity {
  if (source.type === 'post') return { ...post, reactions };
  const set = <T extends Reply>(c: T): T => (c.id === source.id ? { ...c, reactions } : c);
  return { ...post, comments: { ...post.comments, items: post.comments.items.map((c) => ({ ...set(c), replies: c.replies.map(set) })) } };
}

function reactionsOf(post: Activity, source: Source): FeedReactions | undefined {
  if (source.type === 'post') return post.reactions;
  for (const c of post.comments.items) {
    if (c.id === source.id) return c.reactions;
    const reply = c.replies.find((r) => r.id === source.id);
    if (reply) return reply.reactions;
  }
  return undefined;
}

/** The counts after the member's reaction becomes `type` (null: none). */
export function react(before: FeedReactions, type: ReactionType | null): FeedReactions {
  const counts = { ...before.counts };
  if (before.mine) counts[before.mine] = Math.max(0, (counts[before.mine] ?? 1) - 1);
  if (type) counts[type] = (counts[type] ?? 0) + 1;
  for (const key of Object.keys(counts)) if (counts[key] === 0) delete counts[key];
  return { counts, mine: type };
}

async function me(): Promise<{ name: string }> {
  const auth = await inTransaction(getAuthState());
  const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
  if (auth.status !== 'authenticated' || !profile) throw new LocalRefusal('signed_out', 'Not signed in');
  return { name: profile.full_name };
}

/** Comments on a post, or replies to a comment (into its thread). */
export async function addComment(facilityGuid: string, postId: number, source: Source, threadId: number | null, content: string): Promise<void> {
  const text = content.trim();
  if (!text) throw new LocalRefusal('validation_failed', 'Write something first.');
  await commandTransaction([db.activities, db.profiles], async () => {
    const { name } = await me();
    const tempId = newTempId();
    const comment: Comment = { id: tempId, source_type: 'comment', content: text, created_at: new Date().toISOString(), author: { full_name: name, is_me: true }, reactions: { counts: {}, mine: null }, replies: [] };
    await inTransaction(updatePost(postId, (post) => withComment(post, threadId, comment)));
    await inTransaction(enqueue(FEED_OPS.comment, { facilityGuid, postId, source, threadId, tempId, content: text } satisfies CommentArgs, [touchKey('activities', postId)]));
  });
}

export async function removeComment(facilityGuid: string, postId: number, comment: Comment | Reply, threadId: number | null): Promise<void> {
  await commandTransaction([db.activities, db.profiles], async () => {
    await me();
    await inTransaction(updatePost(postId, (post) => withoutComment(post, comment.id)));
    await inTransaction(enqueue(FEED_OPS.uncomment, { facilityGuid, postId, comment, threadId } satisfies UncommentArgs, [touchKey('activities', postId)]));
  });
}

/** Reacts with `type`, or takes the reaction back (null). */
export async function setReaction(facilityGuid: string, postId: number, source: Source, type: ReactionType | null): Promise<void> {
  await commandTransaction([db.activities, db.profiles], async () => {
    await me();
    const post = await db.activities.get(postId);
    const before = post && reactionsOf(post, source);
    if (!post || !before) return;
    await db.activities.put(withReactions(post, source, react(before, type)));
    await inTransaction(enqueue(FEED_OPS.react, { facilityGuid, postId, source, type, before } satisfies ReactArgs, [touchKey('activities', postId)]));
  });
}

/** Reports a post or another member's comment to the studio; it is hidden for the member at once. */
export async function reportItem(facilityGuid: string, postId: number, source: Source, threadId: number | null): Promise<void> {
  await commandTransaction([db.activities, db.profiles], async () => {
    await me();
    const post = await db.activities.get(postId);
    if (!post) return;
    if (source.type === 'post') {
      await db.activities.delete(postId);
      await inTransaction(enqueue(FEED_OPS.report, { facilityGuid, postId, source, post } satisfies ReportArgs, [touchKey('activities', postId)]));
      return;
    }
    const top = post.comments.items.find((c) => c.id === source.id);
    const item = top ?? post.comments.items.flatMap((c) => c.replies).find((r) => r.id === source.id);
    if (!item) return;
    await db.activities.put(withoutComment(post, source.id));
    await inTransaction(enqueue(FEED_OPS.report, { facilityGuid, postId, source, comment: { item, threadId } } satisfies ReportArgs, [touchKey('activities', postId)]));
  });
}

export function registerFeedOps(): void {
  registerOp<CommentArgs, Comment>(FEED_OPS.comment, {
    send: (args, key) => postComment(args.source, args.content, options(args.facilityGuid, key)),
    tables: ['activities'],
    // The server's comment replaces the guess, under its real id.
    onSuccess: (comment, args) => updatePost(args.postId, (post) => withComment(withoutComment(post, args.tempId), args.threadId, { ...comment, replies: [] })),
    onRejected: (args) => updatePost(args.postId, (post) => withoutComment(post, args.tempId)),
  });
  registerOp<UncommentArgs, void>(FEED_OPS.uncomment, {
    send: (args, key) => sendDelete(args.comment.id, options(args.facilityGuid, key)),
    tables: ['activities'],
    onRejected: (args) => updatePost(args.postId, (post) => withComment(post, args.threadId, { ...args.comment, replies: 'replies' in args.comment ? args.comment.replies : [] } as Comment)),
  });
  registerOp<ReportArgs, unknown>(FEED_OPS.report, {
    send: (args, key) => postReport(args.source, options(args.facilityGuid, key)),
    tables: ['activities'],
    // Refused (the post is gone, the feed turned off): shown again as it was.
    onRejected: async (args) => {
      if (args.post) {
        if (!(await db.activities.get(args.postId))) await db.activities.put(args.post);
        return;
      }
      const hidden = args.comment;
      if (hidden) await updatePost(args.postId, (post) => withComment(post, hidden.threadId, { ...hidden.item, replies: 'replies' in hidden.item ? hidden.item.replies : [] } as Comment));
    },
  });
  registerOp<ReactArgs, { reactions: FeedReactions } | void>(FEED_OPS.react, {
    send: (args, key) => (args.type ? postReaction(args.source, args.type, options(args.facilityGuid, key)) : deleteReaction(args.source, options(args.facilityGuid, key))),
    tables: ['activities'],
    onSuccess: (answer, args) => (answer ? updatePost(args.postId, (post) => withReactions(post, args.source, answer.reactions)) : Promise.resolve()),
    // Undone only if nothing changed the member's reaction since.
    onRejected: (args) => updatePost(args.postId, (post) => (reactionsOf(post, args.source)?.mine === args.type ? withReactions(post, args.source, args.before) : post)),
  });
}
