import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthSession, SessionRead } from '../features/auth/sessions';
import type { OfferBus } from '../features/booking/offers';
import type { SharedWeeks } from '../features/booking/week';
import type { AccountRow, Database, FacilityRow } from '../db/schema';
import type { Notifier } from '../features/notifications/service';
import type { Realtime } from '../realtime/faye';
import type { LoginRateLimiter } from './rate-limit';
import type { RedisConnections } from '../redis/index';
import type { Mailer } from '../mail/mailer';
import type { FileStore } from '../uploads/store';
import type { BackgroundWork } from './after-response';
import type { Logger } from '../observability/log';
import type { ServerMetrics } from '../observability/metrics';
import type { ClientReports } from '../features/client-reports/service';

/** Everything a request handler may need, created once per server. */
export interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  trustProxy: boolean;
  loginLimiter: LoginRateLimiter;
  /** Password reset requests, counted per email and address like sign-in failures. */
  resetLimiter: LoginRateLimiter;
  /** Sends member emails (SMTP_URL, else the development mailbox). */
  mailer: Mailer;
  /** Work started after a request's answer (afterResponse); close() waits for it. */
  background: BackgroundWork;
  /** The app's public address, for links in emails (PUBLIC_URL, else where this server listens). */
  publicUrl: string;
  /** Pictures made here: where they are kept, and the key that signs upload permissions. */
  uploads: { store: FileStore; secret: string };
  /** Shared state between server processes (REDIS_URL); null for one process. */
  redis: RedisConnections | null;
  realtime: Realtime;
  /** Waitlist offers made, announced after their transaction committed. */
  offers: OfferBus;
  /** The facility weeks GET /sessions presented, by data version (features/booking/week.ts). */
  weeks: SharedWeeks;
  /** Creates notifications and delivers them (realtime, Web Push) after commit. */
  notifications: Notifier;
  /** The VAPID public key browsers subscribe with (base64url). */
  vapidPublicKey: string;
  /** The bearer token of /admin routes. */
  adminToken: string;
  /** Error reports and vitals from devices, and the server's own errors (issue 29). */
  reports: ClientReports;
  /** Push subscriptions may use loopback http endpoints (tests and local demos only). */
  allowLoopbackPush: boolean;
  /** The server's log (pino); a request logs through c.get('log'), which carries its id. */
  log: Logger;
  /** What GET /metrics reports (prom-client). */
  metrics: ServerMetrics;
}

/** The organisation and facility a request is about, already checked against the member's accounts. */
export interface Scope {
  account: AccountRow | null;
  facility: FacilityRow | null;
}

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    deps: Deps;
    auth: AuthSession | null;
    /** A route's read to make with the session's lookup (set before loadSession; features/auth/sessions.ts#SessionRead). */
    sessionRead: SessionRead | undefined;
    scope: Scope;
    /** X-Request-Id: the app's, when sane, else made here; echoed on the answer. */
    requestId: string;
    /** The server's log with this request's id on every line. */
    log: Logger;
  };
}

export type AppContext = Context<AppEnv>;
