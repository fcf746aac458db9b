// The activity feed (GET /activities, /activities/{id}; comments and reactions).
import * as z from 'zod/mini';
import { iso } from './common';
import { REACTION_TYPES } from '../limits';

export const reactionType = z.enum(REACTION_TYPES);
export type ReactionType = z.infer<typeof reactionType>;

/** How many of each reaction, and the member's own (null: none). */
export const feedReactions = z.object({
  counts: z.record(z.string(), z.number()),
  mine: z.nullable(reactionType),
});
export type FeedReactions = z.infer<typeof feedReactions>;

const commentFields = {
  id: z.number(),
  source_type: z.literal('comment'),
  content: z.string(),
  created_at: iso,
  author: z.object({ full_name: z.string(), is_me: z.boolean() }),
  reactions: feedReactions,
};

export const reply = z.object(commentFields);
export type Reply = z.infer<typeof reply>;

export const comment = z.object({ ...commentFields, replies: z.array(reply) });
export type Comment = z.infer<typeof comment>;

export const activity = z.object({
  id: z.number(),
  source_type: z.literal('post'),
  org_id: z.number(),
  author: z.object({ full_name: z.string() }),
  content: z.string(),
  image_url: z.nullable(z.string()),
  created_at: iso,
  comments: z.object({ items: z.array(comment), count: z.number() }),
  reactions: feedReactions,
});
export type Activity = z.infer<typeof activity>;

export const activityPage = z.object({
  activities: z.array(activity),
  /** Pass as ?before= for older posts; null at the oldest. */
  next_cursor: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPage>;

/** The `before` of the page after `post`: its time and id (both sides make and read it here). */
export function feedCursor(post: { created_at: string; id: number }): string {
  return `${post.created_at}_${post.id}`;
}

export function readFeedCursor(cursor: string): { created_at: string; id: number } | null {
  const cut = cursor.lastIndexOf('_');
  const created_at = cursor.slice(0, cut);
  const id = cursor.slice(cut + 1);
  return cut > 0 && /^\d{1,15}$/.test(id) && !Number.isNaN(Date.parse(created_at)) ? { created_at, id: Number(id) } : null;
}
