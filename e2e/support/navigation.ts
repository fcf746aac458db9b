// Set-up the navigation journeys share (e2e/navigation.spec.ts, the layout sweep's navigation
// states): something waiting in the cart, and a member's results logged for a class on today's
// timetable, made behind the scenes because they are not what those journeys prove.
import { expect } from '@playwright/test';
import { sql } from 'kysely';
import { MemberApi, withDatabase } from './studio';

/** A product in the member's cart at an organisation, as if added on an earlier visit. */
export async function putInCart(email: string, org: string, product: string): Promise<void> {
  await withDatabase(async (db) => {
    const member = await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const item = await db.selectFrom('products').innerJoin('orgs', 'orgs.id', 'products.org_id').select(['products.id', 'products.org_id'])
      .where('orgs.name', '=', org).where('products.name', '=', product).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const cart = (await db.selectFrom('carts').select('id').where('profile_id', '=', member.id).where('org_id', '=', item.org_id).executeTakeFirst())
      ?? (await db.insertInto('carts').values({ profile_id: member.id, org_id: item.org_id, updated_at: now }).returning('id').executeTakeFirstOrThrow());
    await db.insertInto('cart_lines').values({ cart_id: cart.id, product_id: item.id, quantity: 1, created_at: now }).execute();
  });
}

export interface PublicBoard {
  sessionId: number;
  grace: number;
  snatch: number;
  snatchMovement: number;
}

/** Today's public Olympic Lifting class at Wellington (the seed keeps it: Grace, then Snatch singles). */
async function publicBoard(): Promise<PublicBoard> {
  const rows = await withDatabase(async (db) => (await sql<{ session_id: number; definition_id: number; name: string; movement_id: number | null }>`
    SELECT s.id AS session_id, d.id AS definition_id, d.name, d.movement_id FROM sessions s
      JOIN facilities f ON f.id = s.facility_id
      JOIN whiteboard_items i ON i.session_id = s.id
      JOIN workout_definitions d ON d.id = i.definition_id
     WHERE f.name = 'Wellington' AND s.name = 'Olympic Lifting' AND s.whiteboard_visibility = 'public'
       AND EXISTS (SELECT 1 FROM workouts w WHERE w.session_id = s.id)
       AND EXISTS (SELECT 1 FROM whiteboard_items gi JOIN workout_definitions gd ON gd.id = gi.definition_id WHERE gi.session_id = s.id AND gd.name = 'Grace')
     ORDER BY s.id DESC`.execute(db)).rows);
  const sessionId = rows[0]?.session_id;
  const grace = rows.find((r) => r.session_id === sessionId && r.name === 'Grace');
  const snatch = rows.find((r) => r.session_id === sessionId && r.name === 'Snatch singles');
  if (!grace || !snatch?.movement_id) throw new Error('no public Olympic Lifting board with Grace and Snatch singles in the seed');
  return { sessionId: grace.session_id, grace: grace.definition_id, snatch: snatch.definition_id, snatchMovement: snatch.movement_id };
}

/** Alex's results for today's public Olympic Lifting class, a WOD and a lift, logged through the API as the app logs them. */
export async function classWithAlexsResults(baseURL: string, email: string): Promise<PublicBoard> {
  const board = await publicBoard();
  const member = await MemberApi.signIn(baseURL, email);
  try {
    const completed_at = new Date().toISOString();
    const wod = await member.post('/workouts', 'Wellington', { workout: { type: 'wod', name: 'Grace', completed_at, session_id: board.sessionId, workout_definition_id: board.grace, scoring: 'for_time', score_time: 185, as_prescribed: true } });
    const sets = [60, 65, 70].map((weight, index) => ({ position: index + 1, repetitions: 1, movement_id: board.snatchMovement, values: { weight: { value: weight, units: 'kilograms' } } }));
    const lift = await member.post('/workouts', 'Wellington', { workout: { type: 'lift', name: 'Snatch singles', completed_at, session_id: board.sessionId, workout_definition_id: board.snatch, movement_id: board.snatchMovement, rep_scheme: '1-1-1', sets } });
    expect([wod.status, lift.status]).toEqual([201, 201]);
  } finally {
    await member.close();
  }
  return board;
}
