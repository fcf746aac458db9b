import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import type { Database, FacilityRow } from '../../db/schema';
import { pathId, readQuery, requireFacility } from '../booking/http';
import { presentActivities, presentComment, reactionsFor } from './present';
import { feedCursor, readFeedCursor } from '../../../core/contract/feed';
import { ACTIVITIES_PAGE, COMMENT_MAX, cleanTextMessage, isCleanText, REACTION_TYPES } from '../../../core/limits';

// The activity feed of the selected facility's organisation (docs/decisions.md#activity-feed):
//   GET    /activities?before={cursor}          {activities, next_cursor}, newest first, 20 a page
//   GET    /activities/{id}                     one post
//   POST   /comments {source_id, source_type: post|comment, comment: {content}}   201 the comment
//   DELETE /comments/{id}                       204; the member's own only (another's is 404)
//   POST   /reactions {reaction: {type, source_id, source_type}}  201 {source_type, source_id, reactions}
//   DELETE /reactions/{sourceType}-{id}         204 (the member's reaction, if any)
//   POST   /reports {report: {source_type, source_id}}  201 {source_type, source_id}: kept for staff
//                                               (GET /admin/reports); hidden for this member from then on
// Only where the facility's feed is on (else 404). A reply to a reply joins its thread (one level).
// Replying notifies the comment's author ('post' notification, opening the post). Text is plain:
// stored and sent as written, checked for length and control characters.

type Db = Kysely<Database>;

const feedOff = () => notFound('The feed');

function feedFacility(c: Parameters<typeof requireFacility>[0]): FacilityRow {
  const facility = requireFacility(c);
  if (facility.feed_enabled !== 1) throw feedOff();
  return facility;
}

/** Posts the facility's members see: the organisation's, for every facility or this one (less those the member reported). */
function visiblePosts(db: Db, facility: FacilityRow, me: number) {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('org_id', '=', facility.org_id)
    .where((eb) => eb.or([eb('facility_id', 'is', null), eb('facility_id', '=', facility.id)]))
    .where('id', 'not in', db.selectFrom('feed_reports').select('source_id').where('profile_id', '=', me).where('source_type', '=', 'post'));
}

const listQuery = z.object({ before: z.string().max(200).optional() });

const content = z
  .string({ error: 'comment.content is required.' })
  .trim()
  .min(1, 'Write something first.')
  .max(COMMENT_MAX, `A comment can have at most ${COMMENT_MAX} characters.`)
  .refine(isCleanText, cleanTextMessage('A comment'));

const commentBody = z.object({
  source_id: z.number({ error: 'source_id must be a post or comment id.' }).int().positive(),
  source_type: z.enum(['post', 'comment'], { error: 'source_type must be post or comment.' }),
  comment: z.object({ content }),
});

const reportBody = z.object({
  report: z.object({
    source_id: z.number({ error: 'source_id must be a post or comment id.' }).int().positive(),
    source_type: z.enum(['post', 'comment'], { error: 'source_type must be post or comment.' }),
  }),
});

const reactionBody = z.object({
  reaction: z.object({
    type: z.enum(REACTION_TYPES, { error: `type must be one of ${REACTION_TYPES.join(', ')}.` }),
    source_id: z.number({ error: 'source_id must be a post or comment id.' }).int().positive(),
    source_type: z.enum(['post', 'comment'], { error: 'source_type must be post or comment.' }),
  }),
});

/** The post a post or comment belongs to, when the member may see it here; else 404. */
async function findSource(db: Db, facility: FacilityRow, me: number, type: 'post' | 'comment', id: number) {
  const comment = type === 'comment' ? await db.selectFrom('comments').select(['id', 'post_id', 'parent_id', 'profile_id']).where('id', '=', id).executeTakeFirst() : undefined;
  const postId = type === 'post' ? id : comment?.post_id;
  const post = postId === undefined ? undefined : await visiblePosts(db, facility, me).where('id', '=', postId).executeTakeFirst();
  if (!post || (type === 'comment' && !comment)) throw notFound(type === 'post' ? 'The post' : 'The comment');
  return { post, comment };
}

export function feedRoutes(): Hono<AppEnv> {
  // Mounted at /api/v1 itself: each route asks for the session (a '*' middleware would catch every call).
  const routes = new Hono<AppEnv>();

  routes.get('/activities', requireAuth, async (c) => {
    const { db } = c.get('deps');
    const facility = feedFacility(c);
    const { before } = readQuery(c, listQuery);
    const cursor = before ? readFeedCursor(before) : null;
    let query = visiblePosts(db, facility, profileId(c));
    if (cursor) query = query.where((eb) => eb.or([eb('created_at', '<', cursor.created_at), eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)])]));
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ACTIVITIES_PAGE + 1).execute();
    const page = rows.slice(0, ACTIVITIES_PAGE);
    const last = page.at(-1);
    return c.json({ activities: await presentActivities(db, page, profileId(c)), next_cursor: rows.length > ACTIVITIES_PAGE && last ? feedCursor(last) : null });
  });

  routes.get('/activities/:id', requireAuth, async (c) => {
    const { db } = c.get('deps');
    const post = await visiblePosts(db, feedFacility(c), profileId(c)).where('id', '=', pathId(c)).executeTakeFirst();
    if (!post) throw notFound('The post');
    const [activity] = await presentActivities(db, [post], profileId(c));
    return c.json(activity);
  });

  routes.post('/comments', requireAuth, async (c) => {
    const { now, notifications } = c.get('deps');
    const me = profileId(c);
    const facility = feedFacility(c);
    const body = await readJson(c, commentBody);
    return idempotent(c, me, async (trx) => {
      const { post, comment: target } = await findSource(trx, facility, me, body.source_type, body.source_id);
      // A reply to a reply joins the thread it is in.
      const parentId = target ? (target.parent_id ?? target.id) : null;
      const at = now().toISOString();
      const created = await trx.insertInto('comments').values({ post_id: post.id, parent_id: parentId, profile_id: me, content: body.comment.content, created_at: at }).returning('id').executeTakeFirstOrThrow();
      if (parentId !== null) {
        const parent = await trx.selectFrom('comments').select('profile_id').where('id', '=', parentId).executeTakeFirstOrThrow();
        if (parent.profile_id !== me) {
          const author = await trx.selectFrom('members_profiles').select('full_name').where('id', '=', me).executeTakeFirstOrThrow();
          const snippet = body.comment.content.length > 80 ? `${body.comment.content.slice(0, 79)}…` : body.comment.content;
          await notifications.notify(trx, { profileId: parent.profile_id, orgId: post.org_id, type: 'post', message: `${author.full_name} replied to your comment: “${snippet}”`, params: { posts: [{ id: post.id, author: { full_name: author.full_name } }] } });
        }
      }
      return { status: 201, body: await presentComment(trx, created.id, me) };
    });
  });

  // Idempotent like every write the outbox sends: a copy of the delete answers 204 again, not 404.
  routes.delete('/comments/:id', requireAuth, async (c) => {
    const me = profileId(c);
    const facility = feedFacility(c);
    const id = pathId(c);
    return idempotent(c, me, async (trx) => {
      const { comment } = await findSource(trx, facility, me, 'comment', id);
      // Another member's comment is not found, exactly like a missing one.
      if (!comment || comment.profile_id !== me) throw notFound('The comment');
      await trx.deleteFrom('comments').where('id', '=', id).execute();
      await trx.deleteFrom('reactions').where('source_type', '=', 'comment').where('source_id', '=', id).execute();
      return { status: 204, body: null };
    });
  });

  routes.post('/reactions', requireAuth, async (c) => {
    const { now } = c.get('deps');
    const me = profileId(c);
    const facility = feedFacility(c);
    const { reaction } = await readJson(c, reactionBody);
    return idempotent(c, me, async (trx) => {
      await findSource(trx, facility, me, reaction.source_type, reaction.source_id);
      await trx
        .insertInto('reactions')
        .values({ profile_id: me, source_type: reaction.source_type, source_id: reaction.source_id, type: reaction.type, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['profile_id', 'source_type', 'source_id']).doUpdateSet({ type: reaction.type }))
        .execute();
      return { status: 201, body: { source_type: reaction.source_type, source_id: reaction.source_id, reactions: await reactionsFor(trx, reaction.source_type, reaction.source_id, me) } };
    });
  });

  routes.delete('/reactions/:key', requireAuth, async (c) => {
    const me = profileId(c);
    const facility = feedFacility(c);
    const match = /^(post|comment)-(\d{1,15})$/.exec(c.req.param('key'));
    if (!match) throw notFound('The reaction');
    const type = match[1] as 'post' | 'comment';
    const id = Number(match[2]);
    return idempotent(c, me, async (trx) => {
      await findSource(trx, facility, me, type, id);
      await trx.deleteFrom('reactions').where('profile_id', '=', me).where('source_type', '=', type).where('source_id', '=', id).execute();
      return { status: 204, body: null };
    });
  });

  routes.post('/reports', requireAuth, async (c) => {
    const { now } = c.get('deps');
    const me = profileId(c);
    const facility = feedFacility(c);
    const { report } = await readJson(c, reportBody);
    return idempotent(c, me, async (trx) => {
      const { post } = await findSource(trx, facility, me, report.source_type, report.source_id);
      await trx
        .insertInto('feed_reports')
        .values({ profile_id: me, org_id: post.org_id, source_type: report.source_type, source_id: report.source_id, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['profile_id', 'source_type', 'source_id']).doNothing())
        .execute();
      return { status: 201, body: { source_type: report.source_type, source_id: report.source_id } };
    });
  });

  return routes;
}
