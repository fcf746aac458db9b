// Test-side access to the studio: the API as another member would use it (its own request
// context and cookie), and the server's SQLite file for what staff do behind the scenes.
import Database from 'better-sqlite3';
import { request, type APIRequestContext } from '@playwright/test';
import type { Profile, Session, Visit } from '../../core/contract/types';
import { E2E_ADMIN_TOKEN } from './admin-token';

const HEADERS = { 'X-App-Id': 'member-pwa' };
export const E2E_DATABASE = 'data/e2e.sqlite';

/** Runs a query against the server's database and closes it again (tests read, staff write). */
export function withDatabase<T>(run: (db: Database.Database) => T, options: { write?: boolean } = {}): T {
  const db = new Database(E2E_DATABASE, { readonly: !options.write });
  try {
    return run(db);
  } finally {
    db.close();
  }
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

  async post(path: string, facility: string): Promise<{ status: number; body: unknown }> {
    const res = await this.context.post(`/api/v1${path}`, { headers: { 'X-Facility-Id': this.facilityGuid(facility) }, data: {} });
    return { status: res.status(), body: await res.json() };
  }

  async get(path: string): Promise<unknown> {
    return (await this.context.get(`/api/v1${path}`)).json();
  }

  async close(): Promise<void> {
    await this.context.dispose();
  }
}

/** A member's visits to a class (optionally in one state), straight from the server's database. */
export function countVisits(sessionId: number, email: string, state?: string): number {
  const sql = `SELECT COUNT(*) AS n FROM visits v JOIN members_profiles p ON p.id = v.profile_id
               WHERE v.session_id = ? AND p.email = ?${state ? ' AND v.state = ?' : ''}`;
  return withDatabase((db) => (db.prepare(sql).get(...(state ? [sessionId, email, state] : [sessionId, email])) as { n: number }).n);
}

/** The studio shrinks a class to the places already taken, so it is full with no waitlist. */
export function fillClass(sessionId: number): void {
  const taken = placesTaken(sessionId);
  withDatabase((db) => db.prepare('UPDATE sessions SET capacity = ?, waitlists_on = 0 WHERE id = ?').run(taken, sessionId), { write: true });
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
export function setClass(sessionId: number, changes: { capacity?: number; waitlists_on?: boolean }): void {
  withDatabase(
    (db) => {
      if (changes.capacity !== undefined) db.prepare('UPDATE sessions SET capacity = ? WHERE id = ?').run(changes.capacity, sessionId);
      if (changes.waitlists_on !== undefined) db.prepare('UPDATE sessions SET waitlists_on = ? WHERE id = ?').run(changes.waitlists_on ? 1 : 0, sessionId);
    },
    { write: true },
  );
}

/** Places taken in a class (booked, attended or offered). */
export function placesTaken(sessionId: number): number {
  const sql = `SELECT COUNT(*) AS n FROM visits WHERE session_id = ? AND state IN ('booked', 'attended', 'pending')`;
  return withDatabase((db) => (db.prepare(sql).get(sessionId) as { n: number }).n);
}
