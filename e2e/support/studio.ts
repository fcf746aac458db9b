// Test-side access to the journey's studio (e2e/support/server.ts): the API as another member
// would use it (its own request context and cookie), and the server's database for what staff do
// behind the scenes: its SQLite file, or its PostgreSQL database in the scale-out run.
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../server/db/index';
import { request, type APIRequestContext } from '@playwright/test';
import type { Profile, Session, Visit } from '../../core/contract/types';
import { E2E_ADMIN_TOKEN } from './admin-token';
import type { Studio } from './server';

const HEADERS = { 'X-App-Id': 'member-pwa' };
let current: Studio | null = null;

/** The running journey's studio (set by the `studio` fixture; one journey at a time per worker). */
export function useStudio(studio: Studio | null): void {
  current = studio;
}

export function currentStudio(): Studio {
  if (!current) throw new Error('No studio: use `test` from e2e/fixtures.ts, whose studio fixture starts one.');
  return current;
}

/** Runs queries against the server's database and closes it again (tests read, staff write). */
export async function withDatabase<T>(run: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = openDatabase(currentStudio().database, 2);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** The first column of the first row of a query, as a number (a count). */
export function countOf(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return withDatabase(async (db) => Number((await query.execute(db)).rows[0]?.n ?? 0));
}

export class MemberApi {
  private constructor(
    private readonly context: APIRequestContext,
    readonly profile: Profile,
  ) {}

  static async signIn(baseURL: string, email: string, password = 'demo1234'): Promise<MemberApi> {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: HEADERS });
    const response = await context.post('/api/v1/authentication', { data: { email, password } });
    if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
    return new MemberApi(context, (await response.json()) as Profile);
  }

  facilityGuid(name: string): string {
    const facility = this.profile.accounts.flatMap((a) => a.facilities).find((f) => f.name === name);
    if (!facility) throw new Error(`no facility ${name}`);
    return facility.guid;
  }

  async sessions(facility: string, days = 8): Promise<Session[]> {
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const end = new Date(Date.now() + days * 86_400_000).toISOString();
    const res = await this.context.get(`/api/v1/sessions?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`, {
      headers: { 'X-Facility-Id': this.facilityGuid(facility) },
    });
    return (await res.json()) as Session[];
  }

  async bookings(facility: string): Promise<Visit[]> {
    const res = await this.context.get('/api/v1/visits/bookings', { headers: { 'X-Facility-Id': this.facilityGuid(facility) } });
    return (await res.json()) as Visit[];
  }

  async put(path: string, facility: string): Promise<{ status: number; body: unknown }> {
    const res = await this.context.put(`/api/v1${path}`, { headers: { 'X-Facility-Id': this.facilityGuid(facility) }, data: {} });
    return { status: res.status(), body: await res.json() };
  }

  async post(path: string, facility: string, data: unknown = {}): Promise<{ status: number; body: unknown }> {
    const res = await this.context.post(`/api/v1${path}`, { headers: { 'X-Facility-Id': this.facilityGuid(facility) }, data });
    return { status: res.status(), body: await res.json() };
  }

  async get(path: string, facility?: string): Promise<unknown> {
    return (await this.context.get(`/api/v1${path}`, facility ? { headers: { 'X-Facility-Id': this.facilityGuid(facility) } } : {})).json();
  }

  async close(): Promise<void> {
    await this.context.dispose();
  }
}

/** A member's visits to a class (optionally in one state), straight from the server's database. */
export function countVisits(sessionId: number, email: string, state?: string): Promise<number> {
  return countOf(sql<{ n: number }>`SELECT COUNT(*) AS n FROM visits v JOIN members_profiles p ON p.id = v.profile_id
               WHERE v.session_id = ${sessionId} AND p.email = ${email}${state ? sql` AND v.state = ${state}` : sql``}`);
}

/** The studio shrinks a class to the places already taken, so it is full with no waitlist. */
export async function fillClass(sessionId: number): Promise<void> {
  const taken = await placesTaken(sessionId);
  await withDatabase((db) => db.updateTable('sessions').set({ capacity: taken, waitlists_on: 0 }).where('id', '=', sessionId).execute());
}

/** What studio staff do through the protected admin endpoints (see README "Admin"). */
export async function adminPost(baseURL: string, path: string, data: unknown): Promise<{ status: number; body: unknown }> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  try {
    const res = await context.post(`/admin${path}`, { data });
    const text = await res.text();
    return { status: res.status(), body: text ? (JSON.parse(text) as unknown) : null };
  } finally {
    await context.dispose();
  }
}

/** Rearranges a class for a scenario: its capacity and whether it keeps a waitlist. */
export async function setClass(sessionId: number, changes: { capacity?: number; waitlists_on?: boolean }): Promise<void> {
  await withDatabase(async (db) => {
    if (changes.capacity !== undefined) await db.updateTable('sessions').set({ capacity: changes.capacity }).where('id', '=', sessionId).execute();
    if (changes.waitlists_on !== undefined) await db.updateTable('sessions').set({ waitlists_on: changes.waitlists_on ? 1 : 0 }).where('id', '=', sessionId).execute();
  });
}

/** Places taken in a class (booked, attended or offered). */
export function placesTaken(sessionId: number): Promise<number> {
  return countOf(sql<{ n: number }>`SELECT COUNT(*) AS n FROM visits WHERE session_id = ${sessionId} AND state IN ('booked', 'attended', 'pending')`);
}
