// Every write the app's outbox replays (src/features/ops.ts), as the app sends it, each on things
// of its own: the table of the tests that send one write twice at once with one Idempotency-Key
// (server/http/idempotency-pairs.test.ts on one process, server/scale-out.test.ts on two). Each
// case prepares what the write acts on, then says what one effect of it looks like.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Appointment, AppointmentSlot, Cart, Product, Service, StaffMember, Visit, Workout } from '../../core/contract/types';
import type { Database } from '../db/schema';
import { DAY, HOUR, MINUTE, profileIdOf } from './booking-helpers';
import { ALEX, json, type Browser } from './helpers';
import { wod } from './training-helpers';

export interface PairContext {
  db: Kysely<Database>;
  /** Alex, signed in: sets up what the write acts on. */
  member: Browser;
}

/** One write as the outbox sends it (the key is added by the test), and its single effect. */
export interface PreparedWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headers: Record<string, string>;
  /** Asserts the server holds exactly one effect of the write; `answer` is its (first) answer body. */
  once(answer: unknown): Promise<void>;
}

export interface OutboxWrite {
  /** The outbox op (src/features/ops.ts) this request replays. */
  op: string;
  prepare(ctx: PairContext): Promise<PreparedWrite>;
}

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function alexId(db: Kysely<Database>): Promise<number> {
  return profileIdOf(db, ALEX);
}

/** Alex's first facility (Wellington, Harbour Strength), as every case below acts there. */
async function home(db: Kysely<Database>): Promise<{ id: number; guid: string; orgId: number; headers: Record<string, string> }> {
  const row = await db.selectFrom('facilities').innerJoin('orgs', 'orgs.id', 'facilities.org_id').select(['facilities.id', 'facilities.guid', 'facilities.org_id']).where('facilities.name', '=', 'Wellington').executeTakeFirstOrThrow();
  return { id: row.id, guid: row.guid, orgId: row.org_id, headers: { 'X-Facility-Id': row.guid } };
}

const usedClasses = new WeakMap<Kysely<Database>, Set<number>>();

interface ClassShape {
  /** Free places left (0: full). */
  places: number;
  waitlist?: boolean;
  dropins?: number;
  /** Booking opens in the future (a reminder's class). */
  notYetOpen?: boolean;
  /** The free cancellation period is over (late cancel). */
  lateCancel?: boolean;
}

/** A future class at Wellington that Alex has nothing in and no other case used, set to `shape`. */
async function freshClass(db: Kysely<Database>, shape: ClassShape): Promise<number> {
  const used = usedClasses.get(db) ?? new Set<number>();
  usedClasses.set(db, used);
  const facility = await home(db);
  const me = await alexId(db);
  const candidates = await db
    .selectFrom('sessions')
    .select(['id', 'start_at'])
    .where('facility_id', '=', facility.id)
    .where('start_at', '>', at(2 * DAY))
    .where('cancelled', '=', 0)
    .where('course_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id').where('visits.profile_id', '=', me))))
    .orderBy('start_at')
    .execute();
  const session = candidates.find((c) => !used.has(c.id));
  if (!session) throw new Error('no free class left for the idempotency pairs');
  used.add(session.id);
  const taken = await db.selectFrom('visits').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', session.id).where('state', 'in', ['booked', 'attended', 'pending']).executeTakeFirstOrThrow();
  await db
    .updateTable('sessions')
    .set({
      capacity: Number(taken.n) + shape.places,
      waitlists_on: shape.waitlist ? 1 : 0,
      dropin_spaces: shape.dropins ?? 0,
      booking_open_at: shape.notYetOpen ? at(DAY) : at(-HOUR),
      booking_close_at: session.start_at,
      cancellation_close_at: shape.lateCancel ? at(-MINUTE) : at(DAY),
    })
    .where('id', '=', session.id)
    .execute();
  return session.id;
}

async function liveVisits(db: Kysely<Database>, sessionId: number) {
  return db.selectFrom('visits').select(['id', 'state', 'late_cancelled']).where('profile_id', '=', await alexId(db)).where('session_id', '=', sessionId).where('state', '<>', 'cancelled').execute();
}

async function visitRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('visits').select(['state', 'late_cancelled']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Alex's visit made with a plain request (no key), to act on. */
async function visitIn(ctx: PairContext, sessionId: number, how: 'book' | 'waitlist'): Promise<number> {
  const facility = await home(ctx.db);
  const res = await ctx.member.request(`/api/v1/sessions/${sessionId}/${how}`, { method: 'POST', json: {}, headers: facility.headers });
  if (res.status !== 201) throw new Error(`set-up ${how} failed: ${res.status} ${await res.text()}`);
  return (await json<Visit>(res)).id;
}

/** A place offered to Alex in a full class, awaiting the answer. */
async function offer(ctx: PairContext): Promise<number> {
  const sessionId = await freshClass(ctx.db, { places: 1, waitlist: true });
  const stamp = new Date().toISOString();
  const row = await ctx.db
    .insertInto('visits')
    .values({ profile_id: await alexId(ctx.db), session_id: sessionId, state: 'pending', offer_expires_at: at(HOUR), created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function visitWrite(op: string, action: 'book' | 'dropin' | 'waitlist', shape: ClassShape, state: 'booked' | 'waitlisted'): OutboxWrite {
  return {
    op,
    async prepare(ctx) {
      const sessionId = await freshClass(ctx.db, shape);
      return {
        method: 'POST',
        path: `/api/v1/sessions/${sessionId}/${action}`,
        body: {},
        headers: (await home(ctx.db)).headers,
        async once(answer) {
          const visits = await liveVisits(ctx.db, sessionId);
          expect(visits).toEqual([expect.objectContaining({ id: (answer as Visit).id, state })]);
        },
      };
    },
  };
}

function transition(op: string, action: 'cancel' | 'latecancel' | 'confirm' | 'decline', setUp: (ctx: PairContext) => Promise<number>, after: { state: string; late_cancelled?: number }): OutboxWrite {
  return {
    op,
    async prepare(ctx) {
      const visitId = await setUp(ctx);
      return {
        method: 'PUT',
        path: `/api/v1/visits/${visitId}/${action}`,
        body: {},
        headers: (await home(ctx.db)).headers,
        async once(answer) {
          expect(answer).toMatchObject({ id: visitId });
          expect(await visitRow(ctx.db, visitId)).toMatchObject(after);
        },
      };
    },
  };
}

const appointmentSlots = new WeakMap<Kysely<Database>, number>();

/** A Personal Training appointment booked for Alex (covered by the membership), from 3 days ahead. */
async function appointment(ctx: PairContext): Promise<{ id: number; next: AppointmentSlot }> {
  const { headers } = await home(ctx.db);
  const service = (await json<Service[]>(await ctx.member.get('/api/v1/services', { headers }))).find((s) => s.name === 'Personal Training')!;
  const staff = (await json<StaffMember[]>(await ctx.member.get(`/api/v1/staff?service_id=${service.id}`, { headers }))).find((s) => s.full_name === 'Mere Tane')!;
  const date = at(3 * DAY).slice(0, 10);
  const slots = (await json<AppointmentSlot[]>(await ctx.member.get(`/api/v1/staff/${staff.id}/availability?service_id=${service.id}&date=${date}&days=7`, { headers }))).filter((s) => s.available);
  // Slots 6 apart, so a 60-minute appointment never overlaps the previous case's.
  const skip = appointmentSlots.get(ctx.db) ?? 0;
  appointmentSlots.set(ctx.db, skip + 2);
  const slot = slots[skip * 6];
  const next = slots[skip * 6 + 6];
  if (!slot || !next) throw new Error('no free appointment slot left');
  const held = await json<Appointment>(await ctx.member.request('/api/v1/appointments', { method: 'POST', json: { appointment: { service_id: service.id, staff_id: staff.id, start_at: slot.start_at } }, headers }));
  const booked = await ctx.member.put(`/api/v1/appointments/${held.id}/book`, {}, { headers });
  if (booked.status !== 200) throw new Error(`set-up appointment failed: ${booked.status} ${await booked.text()}`);
  return { id: held.id, next };
}

function appointmentWrite(op: string, action: 'cancel' | 'latecancel' | 'move'): OutboxWrite {
  return {
    op,
    async prepare(ctx) {
      const { id, next } = await appointment(ctx);
      if (action === 'latecancel') {
        // Inside the 24-hour window.
        await ctx.db.updateTable('appointments').set({ start_at: at(3 * HOUR), end_at: at(4 * HOUR) }).where('id', '=', id).execute();
      }
      const headers = (await home(ctx.db)).headers;
      const row = () => ctx.db.selectFrom('appointments').select(['status', 'start_at', 'late_cancelled']).where('id', '=', id).executeTakeFirstOrThrow();
      if (action === 'move') {
        return {
          method: 'PUT',
          path: `/api/v1/appointments/${id}`,
          body: { appointment: { start_at: next.start_at } },
          headers,
          async once() {
            expect(await row()).toMatchObject({ status: 'booked', start_at: next.start_at });
          },
        };
      }
      return {
        method: 'PUT',
        path: `/api/v1/appointments/${id}/${action}`,
        body: {},
        headers,
        async once() {
          expect(await row()).toMatchObject({ status: 'cancelled', late_cancelled: action === 'latecancel' ? 1 : 0 });
        },
      };
    },
  };
}

async function latestPost(ctx: PairContext, which: 'first' | 'last'): Promise<number> {
  const { headers } = await home(ctx.db);
  const page = await json<{ activities: { id: number }[] }>(await ctx.member.get('/api/v1/activities', { headers }));
  const post = which === 'first' ? page.activities[0] : page.activities.at(-1);
  if (!post) throw new Error('no post in the feed');
  return post.id;
}

async function comment(ctx: PairContext, postId: number, content: string): Promise<number> {
  const { headers } = await home(ctx.db);
  const res = await ctx.member.request('/api/v1/comments', { method: 'POST', json: { source_id: postId, source_type: 'post', comment: { content } }, headers });
  return (await json<{ id: number }>(res)).id;
}

async function workout(ctx: PairContext, name: string): Promise<number> {
  const { headers } = await home(ctx.db);
  const res = await ctx.member.request('/api/v1/workouts', { method: 'POST', json: { workout: wod({ name }) }, headers });
  if (res.status !== 201) throw new Error(`set-up workout failed: ${res.status} ${await res.text()}`);
  return (await json<Workout>(res)).id;
}

async function notification(ctx: PairContext): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await ctx.db
    .insertInto('notifications')
    .values({ profile_id: await alexId(ctx.db), org_id: (await home(ctx.db)).orgId, type: 'post', message: `Pair ${randomUUID()}`, params: '{}', avatar_url: null, visit_id: null, read_at: null, removed_at: null, expires_at: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function readAt(db: Kysely<Database>, id: number) {
  return (await db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow()).read_at;
}

async function recurringSeries(ctx: PairContext, sessionId: number): Promise<number> {
  const { headers } = await home(ctx.db);
  const res = await ctx.member.request('/api/v1/recurring_bookings', { method: 'POST', json: { session_id: sessionId }, headers });
  if (res.status !== 201) throw new Error(`set-up weekly booking failed: ${res.status} ${await res.text()}`);
  return (await json<{ id: number }>(res)).id;
}

export const OUTBOX_WRITES: readonly OutboxWrite[] = [
  visitWrite('booking.book', 'book', { places: 3 }, 'booked'),
  visitWrite('booking.dropin', 'dropin', { places: 3, dropins: 2 }, 'booked'),
  visitWrite('booking.waitlist', 'waitlist', { places: 0, waitlist: true }, 'waitlisted'),
  transition('booking.cancel', 'cancel', async (ctx) => visitIn(ctx, await freshClass(ctx.db, { places: 3 }), 'book'), { state: 'cancelled', late_cancelled: 0 }),
  transition('booking.latecancel', 'latecancel', async (ctx) => {
    const sessionId = await freshClass(ctx.db, { places: 3 });
    const id = await visitIn(ctx, sessionId, 'book');
    await ctx.db.updateTable('sessions').set({ cancellation_close_at: at(-MINUTE) }).where('id', '=', sessionId).execute();
    return id;
  }, { state: 'cancelled', late_cancelled: 1 }),
  transition('booking.remove', 'cancel', async (ctx) => visitIn(ctx, await freshClass(ctx.db, { places: 0, waitlist: true }), 'waitlist'), { state: 'cancelled' }),
  transition('booking.confirm', 'confirm', offer, { state: 'booked' }),
  transition('booking.decline', 'decline', offer, { state: 'cancelled' }),
  {
    op: 'booking.everyWeek',
    async prepare(ctx) {
      const sessionId = await freshClass(ctx.db, { places: 3 });
      return {
        method: 'POST',
        path: '/api/v1/recurring_bookings',
        body: { session_id: sessionId },
        headers: (await home(ctx.db)).headers,
        async once(answer) {
          const { id, name, weekday, local_time } = answer as { id: number; name: string; weekday: number; local_time: string };
          const series = await ctx.db.selectFrom('recurring_bookings').select('id').where('profile_id', '=', await alexId(ctx.db)).where('name', '=', name).where('weekday', '=', weekday).where('local_time', '=', local_time).where('stopped_at', 'is', null).execute();
          expect(series).toEqual([{ id }]);
        },
      };
    },
  },
  {
    op: 'booking.stopEveryWeek',
    async prepare(ctx) {
      const id = await recurringSeries(ctx, await freshClass(ctx.db, { places: 3 }));
      return {
        method: 'DELETE',
        path: `/api/v1/recurring_bookings/${id}`,
        headers: (await home(ctx.db)).headers,
        async once() {
          expect((await ctx.db.selectFrom('recurring_bookings').select('stopped_at').where('id', '=', id).executeTakeFirstOrThrow()).stopped_at).not.toBeNull();
        },
      };
    },
  },
  {
    op: 'booking.remind',
    async prepare(ctx) {
      const sessionId = await freshClass(ctx.db, { places: 3, notYetOpen: true });
      return {
        method: 'POST',
        path: `/api/v1/sessions/${sessionId}/reminder`,
        body: {},
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('booking_reminders').select('session_id').where('session_id', '=', sessionId).where('profile_id', '=', await alexId(ctx.db)).execute()).toHaveLength(1);
        },
      };
    },
  },
  {
    op: 'booking.unremind',
    async prepare(ctx) {
      const sessionId = await freshClass(ctx.db, { places: 3, notYetOpen: true });
      const { headers } = await home(ctx.db);
      expect((await ctx.member.request(`/api/v1/sessions/${sessionId}/reminder`, { method: 'POST', json: {}, headers })).status).toBe(201);
      return {
        method: 'DELETE',
        path: `/api/v1/sessions/${sessionId}/reminder`,
        headers,
        async once() {
          expect(await ctx.db.selectFrom('booking_reminders').select('session_id').where('session_id', '=', sessionId).where('profile_id', '=', await alexId(ctx.db)).execute()).toEqual([]);
        },
      };
    },
  },
  appointmentWrite('appointments.cancel', 'cancel'),
  appointmentWrite('appointments.latecancel', 'latecancel'),
  appointmentWrite('appointments.move', 'move'),
  {
    op: 'cart.set',
    async prepare(ctx) {
      const { headers } = await home(ctx.db);
      const ten = (await json<Product[]>(await ctx.member.get('/api/v1/products/passes', { headers }))).find((p) => p.name === '10-Visit Pass')!;
      const quantity = async () => (await json<Cart>(await ctx.member.get('/api/v1/cart', { headers }))).line_items.find((l) => l.variant_id === ten.id)?.quantity ?? 0;
      const before = await quantity();
      return {
        method: 'PUT',
        path: '/api/v1/cart',
        body: { cart: { line_items: [{ variant_id: ten.id, quantity: 1, price: ten.price }] } },
        headers,
        async once() {
          expect(await quantity()).toBe(before + 1);
        },
      };
    },
  },
  {
    op: 'feed.comment',
    async prepare(ctx) {
      const content = `Pair ${randomUUID()}`;
      return {
        method: 'POST',
        path: '/api/v1/comments',
        body: { source_id: await latestPost(ctx, 'first'), source_type: 'post', comment: { content } },
        headers: (await home(ctx.db)).headers,
        async once(answer) {
          expect(await ctx.db.selectFrom('comments').select('id').where('content', '=', content).execute()).toEqual([{ id: (answer as { id: number }).id }]);
        },
      };
    },
  },
  {
    op: 'feed.uncomment',
    async prepare(ctx) {
      const id = await comment(ctx, await latestPost(ctx, 'first'), `Pair ${randomUUID()}`);
      return {
        method: 'DELETE',
        path: `/api/v1/comments/${id}`,
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('comments').select('id').where('id', '=', id).execute()).toEqual([]);
        },
      };
    },
  },
  {
    op: 'feed.react',
    async prepare(ctx) {
      const postId = await latestPost(ctx, 'first');
      const { headers } = await home(ctx.db);
      await ctx.member.request(`/api/v1/reactions/post-${postId}`, { method: 'DELETE', headers });
      return {
        method: 'POST',
        path: '/api/v1/reactions',
        body: { reaction: { type: 'strong', source_id: postId, source_type: 'post' } },
        headers,
        async once() {
          const rows = await ctx.db.selectFrom('reactions').select('type').where('profile_id', '=', await alexId(ctx.db)).where('source_type', '=', 'post').where('source_id', '=', postId).execute();
          expect(rows).toEqual([{ type: 'strong' }]);
        },
      };
    },
  },
  {
    op: 'feed.react (taken back)',
    async prepare(ctx) {
      const postId = await latestPost(ctx, 'first');
      const { headers } = await home(ctx.db);
      await ctx.member.request('/api/v1/reactions', { method: 'POST', json: { reaction: { type: 'like', source_id: postId, source_type: 'post' } }, headers });
      return {
        method: 'DELETE',
        path: `/api/v1/reactions/post-${postId}`,
        headers,
        async once() {
          expect(await ctx.db.selectFrom('reactions').select('type').where('profile_id', '=', await alexId(ctx.db)).where('source_type', '=', 'post').where('source_id', '=', postId).execute()).toEqual([]);
        },
      };
    },
  },
  {
    op: 'feed.report',
    async prepare(ctx) {
      // Sam's comment on the last post: reporting it hides it from Alex only.
      const postId = await latestPost(ctx, 'last');
      const content = `Pair ${randomUUID()}`;
      const stamp = new Date().toISOString();
      const sam = await profileIdOf(ctx.db, 'sam@example.com');
      const { id } = await ctx.db.insertInto('comments').values({ post_id: postId, parent_id: null, profile_id: sam, content, created_at: stamp }).returning('id').executeTakeFirstOrThrow();
      return {
        method: 'POST',
        path: '/api/v1/reports',
        body: { report: { source_type: 'comment', source_id: id } },
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('feed_reports').select('id').where('source_type', '=', 'comment').where('source_id', '=', id).execute()).toHaveLength(1);
        },
      };
    },
  },
  {
    op: 'workout.create',
    async prepare(ctx) {
      const name = `Pair ${randomUUID()}`;
      return {
        method: 'POST',
        path: '/api/v1/workouts',
        body: { workout: wod({ name }) },
        headers: (await home(ctx.db)).headers,
        async once(answer) {
          expect(await ctx.db.selectFrom('workouts').select('id').where('name', '=', name).execute()).toEqual([{ id: (answer as Workout).id }]);
        },
      };
    },
  },
  {
    op: 'workout.update',
    async prepare(ctx) {
      const id = await workout(ctx, `Pair ${randomUUID()}`);
      const notes = `Edited ${randomUUID()}`;
      return {
        method: 'PUT',
        path: `/api/v1/workouts/${id}`,
        body: { workout: { notes } },
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('workouts').select('notes').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ notes });
        },
      };
    },
  },
  {
    op: 'workout.delete',
    async prepare(ctx) {
      const id = await workout(ctx, `Pair ${randomUUID()}`);
      return {
        method: 'DELETE',
        path: `/api/v1/workouts/${id}`,
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('workouts').select('id').where('id', '=', id).execute()).toEqual([]);
        },
      };
    },
  },
  {
    op: 'workout.react',
    async prepare(ctx) {
      const id = await workout(ctx, `Pair ${randomUUID()}`);
      return {
        method: 'POST',
        path: `/api/v1/workouts/${id}/reactions`,
        body: {},
        headers: (await home(ctx.db)).headers,
        async once() {
          expect(await ctx.db.selectFrom('workout_reactions').select('id').where('workout_id', '=', id).execute()).toHaveLength(1);
        },
      };
    },
  },
  {
    op: 'workout.unreact',
    async prepare(ctx) {
      const workoutId = await workout(ctx, `Pair ${randomUUID()}`);
      const { headers } = await home(ctx.db);
      const reaction = await json<{ id: number }>(await ctx.member.request(`/api/v1/workouts/${workoutId}/reactions`, { method: 'POST', json: {}, headers }));
      return {
        method: 'DELETE',
        path: `/api/v1/workout_reactions/${reaction.id}`,
        headers,
        async once() {
          expect(await ctx.db.selectFrom('workout_reactions').select('id').where('workout_id', '=', workoutId).execute()).toEqual([]);
        },
      };
    },
  },
  {
    op: 'notifications.markRead',
    async prepare(ctx) {
      const id = await notification(ctx);
      return {
        method: 'PUT',
        path: `/api/v1/notifications/${id}/mark_as_read`,
        headers: {},
        async once(answer) {
          expect(await readAt(ctx.db, id)).toBe((answer as { read_at: string }).read_at);
        },
      };
    },
  },
  {
    op: 'notifications.markAllRead',
    async prepare(ctx) {
      const ids = [await notification(ctx), await notification(ctx)];
      return {
        method: 'PUT',
        path: '/api/v1/notifications/mark_all_read',
        body: { ids },
        headers: {},
        async once(answer) {
          const { data } = answer as { data: { id: number; read_at: string }[] };
          expect(data.map((n) => n.id).sort()).toEqual([...ids].sort());
          for (const n of data) expect(await readAt(ctx.db, n.id)).toBe(n.read_at);
        },
      };
    },
  },
  {
    op: 'profile.update',
    async prepare(ctx) {
      const name = `Alex ${randomUUID().slice(0, 8)}`;
      return {
        method: 'PUT',
        path: '/api/v1/profile',
        body: { profile: { full_name: name } },
        headers: {},
        async once() {
          expect((await ctx.db.selectFrom('members_profiles').select('full_name').where('id', '=', await alexId(ctx.db)).executeTakeFirstOrThrow()).full_name).toBe(name);
        },
      };
    },
  },
  {
    op: 'member.update',
    async prepare(ctx) {
      const phone = String(Date.now()).slice(-9);
      const { headers, orgId } = await home(ctx.db);
      return {
        method: 'PUT',
        path: '/api/v1/member',
        body: { member: { phone } },
        headers,
        async once() {
          expect((await ctx.db.selectFrom('accounts').select('phone').where('profile_id', '=', await alexId(ctx.db)).where('org_id', '=', orgId).executeTakeFirstOrThrow()).phone).toBe(phone);
        },
      };
    },
  },
  {
    op: 'orgs.setVisible',
    async prepare(ctx) {
      const other = await ctx.db.selectFrom('accounts').select('org_id').where('profile_id', '=', await alexId(ctx.db)).orderBy('org_id', 'desc').executeTakeFirstOrThrow();
      const hidden = (await ctx.db.selectFrom('accounts').select('hidden_at').where('profile_id', '=', await alexId(ctx.db)).where('org_id', '=', other.org_id).executeTakeFirstOrThrow()).hidden_at;
      return {
        method: 'PUT',
        path: `/api/v1/orgs/${other.org_id}`,
        body: { visible: hidden !== null },
        headers: {},
        async once() {
          const now = (await ctx.db.selectFrom('accounts').select('hidden_at').where('profile_id', '=', await alexId(ctx.db)).where('org_id', '=', other.org_id).executeTakeFirstOrThrow()).hidden_at;
          expect(now === null).toBe(hidden !== null);
        },
      };
    },
  },
];

/**
 * On PostgreSQL, holds Alex's row lock (as a write about places takes it; the claim of a key, which
 * refers to the member, waits for it too) while `sends` start one after the other, each once the
 * one before waits behind the lock (or after 400 ms): all are then surely under way at once, in
 * that order, the overlap the outbox's retry meets when a tab closes mid-send. SQLite: all at once.
 */
export async function overlapping<T>(db: Kysely<Database>, postgres: boolean, sends: readonly (() => Promise<T>)[]): Promise<T[]> {
  if (!postgres) return Promise.all(sends.map((send) => send()));
  const me = await alexId(db);
  const started: Promise<T>[] = [];
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('members_profiles').select('id').where('id', '=', me).forUpdate().execute();
    for (const send of sends) {
      started.push(send());
      await waitingForLocks(db, started.length);
    }
  });
  return Promise.all(started);
}

async function waitingForLocks(db: Kysely<Database>, count: number): Promise<void> {
  for (let waited = 0; waited < 400; waited += 10) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
