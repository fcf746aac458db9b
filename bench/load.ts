// What the load benchmarks share (server-load.ts, scale-out.ts): signing in and finding the
// demo member's busiest week, more members to write as, autocannon runs and book/cancel cycles.
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/index';

export interface Member {
  headers: Record<string, string>;
  weekPath: string;
  /** The week's answer: its body and ETag. */
  week: { body: string; etag: string | null };
  free: number[];
}

/** `count` more members of the demo member's organisations (copies of her, own emails), one per writer. */
export async function addWriters(database: string, count: number): Promise<string[]> {
  const db = openDatabase(database, 2);
  try {
    const alex = await db.selectFrom('members_profiles').selectAll().where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const accounts = await db.selectFrom('accounts').selectAll().where('profile_id', '=', alex.id).execute();
    const stamp = new Date().toISOString();
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `writer${i}@example.com`;
      const { id } = await db
        .insertInto('members_profiles')
        .values({ ...alex, id: undefined, guid: `writer-${i}`, email, full_name: `Writer ${i}`, first_name: 'Writer', last_name: String(i), calendar_token: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const account of accounts) await db.insertInto('accounts').values({ ...account, id: undefined, profile_id: id, short_id: `writer-${i}-${account.org_id}`, created_at: stamp }).execute();
      emails.push(email);
    }
    return emails;
  } finally {
    await db.destroy();
  }
}

const BASE_HEADERS = { 'X-App-Id': 'member-pwa', 'Content-Type': 'application/json' };

export async function login(url: string, email: string): Promise<{ cookie: string; profile: { accounts: { facilities: { guid: string }[] }[] } }> {
  const res = await fetch(`${url}/api/v1/authentication`, { method: 'POST', headers: BASE_HEADERS, body: JSON.stringify({ email, password: 'demo1234' }) });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}`);
  return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), profile: (await res.json()) as { accounts: { facilities: { guid: string }[] }[] } };
}

/** Signs the demo member in and finds the busiest facility's week (its answer too) and its free classes. */
export async function signIn(url: string): Promise<Member> {
  const base = BASE_HEADERS;
  const { cookie, profile } = await login(url, 'demo@example.com');
  const day = 86_400_000;
  const weekPath = `/api/v1/sessions?start_date=${new Date(Date.now() + day).toISOString().slice(0, 10)}&end_date=${new Date(Date.now() + 8 * day).toISOString().slice(0, 10)}`;
  let best: Member | null = null;
  let bestSize = -1;
  for (const guid of profile.accounts.flatMap((a) => a.facilities.map((f) => f.guid))) {
    const headers = { ...base, Cookie: cookie, 'X-Facility-Id': guid };
    const res = await fetch(url + weekPath, { headers });
    if (res.status !== 200) throw new Error(`GET /sessions answered ${res.status}`);
    const body = await res.text();
    const sessions = JSON.parse(body) as { id: number; visit: unknown; full: boolean; cancelled: boolean; start_date: string; booking_open_date: string | null }[];
    if (sessions.length > bestSize) {
      bestSize = sessions.length;
      // Classes that open for booking and start more than a day from now (no late-cancel window).
      const later = Date.now() + day;
      const free = sessions.filter((s) => s.visit === null && !s.full && !s.cancelled && Date.parse(s.start_date) > later && (s.booking_open_date === null || Date.parse(s.booking_open_date) < Date.now()));
      best = { headers, weekPath, week: { body, etag: res.headers.get('etag') }, free: free.map((s) => s.id) };
    }
  }
  if (!best) throw new Error('the demo member has no facility');
  return best;
}

export interface Load {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p99: number;
  max: number;
  errors: number;
}

/** One autocannon run. */
export function run(options: autocannon.Options): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99, max: result.latency.max, errors: result.errors + result.non2xx });
    });
  });
}

/**
 * Book/cancel cycles, one writer per cookie (a member) on a free class each, for `seconds`: the
 * writes per second of all, the worst writer's p99.
 */
export async function bookCancelLoad(url: string, member: Member, cookies: readonly string[], seconds: number): Promise<Load> {
  const writers = Math.min(cookies.length, member.free.length);
  // Each writer (one connection, one member, one class) books, then cancels that booking. A
  // cancel refused with 503 (writes contending on PostgreSQL) leaves the booking: the next book
  // answers 409 and the cancel after it tries that booking again, as the app's outbox would.
  // One autocannon per writer: its context does not outlive a book/cancel round.
  const runs = await Promise.all(
    Array.from({ length: writers }, (_, i) => {
      const headers = { ...member.headers, Cookie: cookies[i] ?? '' };
      let visit: number | undefined;
      return run({
        url,
        connections: 1,
        duration: seconds,
        headers,
        requests: [
          {
            method: 'POST',
            path: `/api/v1/sessions/${member.free[i]}/book`,
            body: '{}',
            onResponse: (status, body) => {
              if (process.env.BENCH_DEBUG && status !== 201) console.log('book', status, body.slice(0, 200));
              if (status === 201) visit = (JSON.parse(body) as { id: number }).id;
            },
          },
          {
            method: 'PUT',
            setupRequest: (request) => ({ ...request, path: `/api/v1/visits/${visit}/cancel`, body: '{}' }),
            onResponse: (status, body) => {
              if (process.env.BENCH_DEBUG && status !== 200) console.log('cancel', status, body.slice(0, 200));
            },
          },
        ],
      });
    }),
  );
  // Requests add up; the p99 of the whole is at most the worst writer's.
  return { rps: runs.reduce((sum, r) => sum + r.rps, 0), requests: runs.reduce((sum, r) => sum + r.requests, 0), p99: Math.max(...runs.map((r) => r.p99)), max: Math.max(...runs.map((r) => r.max)), errors: runs.reduce((sum, r) => sum + r.errors, 0) };
}

