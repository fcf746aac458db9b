import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN_FILE } from './token';
import { describeErrorGroup, describeErrors, describeVitals } from '../client-reports/cli-format';

// `npm run admin -- <command>`: staff actions against a running server's /admin routes, for
// demos and end-to-end tests. The server URL comes from ADMIN_URL (default
// http://127.0.0.1:$PORT, PORT default 8080); the token from ADMIN_TOKEN, else from the
// admin-token file the server wrote beside its database (data/admin-token, or beside DATABASE_FILE).

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  cancel-class <classId>                         cancel a class; its members are notified
  post <orgId> "<text>" [author] [picture]       publish a post to an organisation (author default "The team";
                                                 picture: a JPEG, PNG or WebP file)
  move-appointment <appointmentId> <iso-time>    move an appointment, e.g. 2026-05-01T10:00:00+12:00
  cancel-appointment <appointmentId>             cancel an appointment
  invite <facilityId> <email> [locale]           invite an email to the facility's organisation (emailed link, 14 days)
  reports [orgId]                                what members reported in the feed, newest first
  refund <orderId>                               refund a paid order through the gateway that charged it;
                                                 what it bought ends and its invoice says Refunded
  errors [--release R]                           error reports grouped, newest first: fingerprint, count,
                                                 last seen, kind, message, top frame (mapped to the source)
  errors <fingerprint>                           one group of errors with its whole stack
  vitals                                         p75 LCP, INP and CLS per route and release, with sample counts
  notify <email> <type> "<message>" [params-json]
                                                 send a raw notification, e.g.
                                                 notify demo@example.com appointment "Moved" '{"appointment":{"id":1}}'
  help                                           show this text

Environment:
  ADMIN_URL      the server (default http://127.0.0.1:$PORT, PORT default 8080)
  ADMIN_TOKEN    the admin token (default: read from the admin-token file beside DATABASE_FILE,
                 i.e. data/admin-token)`;

export class CliError extends Error {}

export interface CliEnv {
  env: NodeJS.ProcessEnv;
  cwd: string;
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
}

async function readToken(env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  const given = env.ADMIN_TOKEN?.trim();
  if (given) return given;
  const databaseFile = env.DATABASE_FILE?.trim() || 'data/app.sqlite';
  const file = path.join(path.dirname(path.resolve(cwd, databaseFile)), ADMIN_TOKEN_FILE);
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new CliError(`No admin token: set ADMIN_TOKEN, or start the server once (npm run serve) so it writes ${path.relative(cwd, file) || file}.`);
    throw new CliError(`Cannot read the admin token from ${file}: ${error.message}`);
  });
  const token = text.trim();
  if (!token) throw new CliError(`The admin token file ${file} is empty.`);
  return token;
}

function positiveId(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,15}$/.test(value) || Number(value) === 0) throw new CliError(`${what} must be a positive whole number${value === undefined ? '' : `, got "${value}"`}.\n\n${USAGE}`);
  return Number(value);
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new CliError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

interface Call {
  path: string;
  /** POST unless said. */
  method?: 'GET';
  body?: Record<string, unknown>;
  /** A file whose bytes go into the body as base64, under `field`. */
  file?: { field: string; path: string };
  describe(result: Record<string, unknown>): string;
}

function parse(args: string[]): Call | null {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return null;
    case 'cancel-class': {
      const id = positiveId(rest[0], 'The class id');
      return { path: `/admin/sessions/${id}/cancel`, describe: (r) => `Class ${id} cancelled: ${String(r.cancelled_visits)} visit(s) cancelled, ${String(r.notified)} member(s) notified.` };
    }
    case 'post': {
      const orgId = positiveId(rest[0], 'The organisation id');
      const content = required(rest[1], 'the post text');
      const author = rest[2]?.trim() || 'The team';
      const picture = rest[3]?.trim();
      return {
        path: '/admin/posts',
        body: { org_id: orgId, author_name: author, content },
        ...(picture && { file: { field: 'image', path: picture } }),
        describe: (r) => `Post ${String((r.post as { id?: number } | undefined)?.id)} published to organisation ${orgId}: ${String(r.notified)} member(s) notified.`,
      };
    }
    case 'move-appointment': {
      const id = positiveId(rest[0], 'The appointment id');
      const when = required(rest[1], 'the new time (ISO 8601 with an offset, e.g. 2026-05-01T10:00:00+12:00)');
      if (Number.isNaN(Date.parse(when))) throw new CliError(`"${when}" is not a date-time; use ISO 8601 with an offset, e.g. 2026-05-01T10:00:00+12:00.`);
      return { path: `/admin/appointments/${id}/move`, body: { start_at: when }, describe: (r) => `Appointment ${id} moved to ${String((r.appointment as { start_at?: string } | undefined)?.start_at)}; the member was notified.` };
    }
    case 'refund': {
      const id = positiveId(rest[0], 'The order id');
      return { path: `/admin/orders/${id}/refund`, describe: (r) => `Order ${id} refunded (${String(r.total)} ${String(r.currency)}, refund ${String(r.refund_id)}).` };
    }
    case 'cancel-appointment': {
      const id = positiveId(rest[0], 'The appointment id');
      return { path: `/admin/appointments/${id}/cancel`, describe: () => `Appointment ${id} cancelled; the member was notified.` };
    }
    case 'invite': {
      const facilityId = positiveId(rest[0], 'The facility id');
      const email = required(rest[1], 'the email to invite');
      const locale = rest[2]?.trim();
      return {
        path: '/admin/invitations',
        body: { facility_id: facilityId, email, ...(locale && { locale }) },
        describe: (r) => {
          const invitation = r.invitation as { email?: string; link?: string; org?: { name?: string } } | undefined;
          return `Invitation to ${String(invitation?.org?.name)} sent to ${String(invitation?.email)}: ${String(invitation?.link)}`;
        },
      };
    }
    case 'reports': {
      const orgId = rest[0] === undefined ? null : positiveId(rest[0], 'The organisation id');
      return {
        path: `/admin/reports${orgId ? `?org_id=${orgId}` : ''}`,
        method: 'GET',
        describe: (r) => {
          const reports = (r.reports ?? []) as { source_type: string; source_id: number; post_id: number | null; author: string | null; content: string | null; reported_by: string; created_at: string }[];
          if (reports.length === 0) return 'No reports.';
          // JSON.stringify quotes the text: what members wrote is shown, never run by the terminal.
          return reports.map((x) => `${x.created_at} ${x.source_type} ${x.source_id} (post ${String(x.post_id)}) by ${x.author ?? '(removed)'}, reported by ${x.reported_by}: ${JSON.stringify(x.content ?? '(removed)')}`).join('\n');
        },
      };
    }
    case 'errors': {
      if (rest[0] === '--release') {
        const release = required(rest[1], 'the release after --release (e.g. 7.5.2+a1b2c3d)');
        return { path: `/admin/errors?release=${encodeURIComponent(release)}`, method: 'GET', describe: describeErrors };
      }
      if (rest[0] !== undefined) {
        if (!/^[\w-]{1,64}$/.test(rest[0])) throw new CliError(`"${rest[0]}" is not a fingerprint (the first column of npm run admin -- errors).`);
        return { path: `/admin/errors/${rest[0]}`, method: 'GET', describe: describeErrorGroup };
      }
      return { path: '/admin/errors', method: 'GET', describe: describeErrors };
    }
    case 'vitals':
      return { path: '/admin/vitals', method: 'GET', describe: describeVitals };
    case 'notify': {
      const email = required(rest[0], 'the member’s email');
      const type = required(rest[1], 'the notification type (waitlist, class_cancelled, appointment, post …)');
      const message = required(rest[2], 'the message');
      let params: unknown = {};
      if (rest[3] !== undefined) {
        try {
          params = JSON.parse(rest[3]);
        } catch {
          throw new CliError(`params must be JSON, e.g. '{"class":{"id":12}}', got ${rest[3]}`);
        }
      }
      return { path: '/admin/notifications', body: { email, type, message, params }, describe: (r) => `Notification ${String((r.notification as { id?: number } | undefined)?.id)} sent to ${email}.` };
    }
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/** Runs one command; returns the process exit code. */
export async function runCli(args: string[], io: CliEnv): Promise<number> {
  try {
    const call = parse(args);
    if (!call) {
      io.out(USAGE);
      return 0;
    }
    const base = (io.env.ADMIN_URL?.trim() || `http://127.0.0.1:${io.env.PORT?.trim() || '8080'}`).replace(/\/+$/, '');
    const token = await readToken(io.env, io.cwd);
    const request = { ...call.body };
    if (call.file) {
      const file = call.file;
      const bytes = await fs.readFile(path.resolve(io.cwd, file.path)).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`Cannot read ${file.path}: ${error.message}`);
      });
      request[file.field] = bytes.toString('base64');
    }
    let res: Response;
    try {
      res = await io.fetch(
        `${base}${call.path}`,
        call.method === 'GET'
          ? { headers: { Authorization: `Bearer ${token}` } }
          : { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(request) },
      );
    } catch (error) {
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
      throw new CliError(`Cannot reach the server at ${base} (${reason}). Is it running (npm run serve)? Set ADMIN_URL if it listens elsewhere.`);
    }
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON: reported below by status
    }
    if (res.status === 401) throw new CliError(`The server refused the admin token (401). Check ADMIN_TOKEN or the admin-token file of the server at ${base}.`);
    if (!res.ok) throw new CliError(`The server answered ${res.status}${typeof body.code === 'string' ? ` ${body.code}` : ''}: ${typeof body.message === 'string' ? body.message : text.slice(0, 200) || res.statusText}`);
    io.out(call.describe(body));
    return 0;
  } catch (error) {
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  runCli(process.argv.slice(2), { env: process.env, cwd: process.cwd(), fetch, out: (line) => console.log(line), err: (line) => console.error(line) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
