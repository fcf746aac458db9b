import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { resolveAdminToken } from './features/admin/token';
import { OFFER_SWEEP_INTERVAL_MS, OfferBus, sweepExpiredOffers, type OfferListener } from './features/booking/offers';
import { SharedWeeks } from './features/booking/week';
import { exclusively, isEmpty, migrateToLatest, openDatabase } from './db';
import type { Database } from './db/schema';
import { seedDemo as seedDemoData } from './db/seed';
import { requireAppId } from './http/app-id';
import type { AppEnv, Deps } from './http/context';
import { ApiError, handleError, payloadTooLarge } from './http/errors';
import { facilityScope } from './http/facility-scope';
import { createLoginRateLimiter, DEFAULT_LOGIN_RATE_LIMIT, RESET_RATE_LIMIT, type LoginRateLimitOptions } from './http/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { uploadSecret } from './settings';
import { folderStore, s3Store, type S3Options } from './uploads/store';
import { guardServer } from './http/node-guard';
import { createBackgroundWork } from './http/after-response';
import { createNotifier, type Notifier } from './features/notifications/service';
import { createWebPushSender, type PushSender } from './push/sender';
import { loadVapidDetails } from './push/vapid';
import { securityHeaders } from './http/security-headers';
import { loadSession } from './http/session';
import { createRealtime, type Realtime } from './realtime/faye';
import { PUSH_RETRY_INTERVAL_MS, retryPushes } from './features/notifications/push-queue';
import { connectRedis } from './redis/index';
import { adminAuth, adminRoutes } from './features/admin/routes';
import { appointmentRoutes } from './features/appointments/routes';
import { serviceRoutes, staffRoutes } from './features/appointments/catalogue-routes';
import { courseRoutes } from './features/courses/routes';
import { authenticationRoutes } from './features/auth/routes';
import { passwordResetRoutes } from './features/auth/password-reset-routes';
import { inviteRoutes, signupRoutes } from './features/auth/invitations';
import { clientVisitRoutes } from './features/booking/client-visits-routes';
import { facilityRoutes } from './features/profile/facilities-routes';
import { leaderboardRoutes } from './features/training/leaderboard-routes';
import { liftRoutes } from './features/training/lifts-routes';
import { memberRoutes } from './features/profile/member-routes';
import { membershipRoutes, passRoutes } from './features/account/routes';
import { shopRoutes } from './features/shop/routes';
import { cardRoutes } from './features/shop/cards-routes';
import { checkoutRoutes } from './features/shop/checkout-routes';
import { invoiceRoutes } from './features/shop/invoices-routes';
import { sandboxGatewayRoutes } from './features/shop/gateway/sandbox';
import { sandboxOffered } from './features/shop/gateway/configured';
import { movementRoutes } from './features/training/movements-routes';
import { notificationRoutes } from './features/notifications/routes';
import { orgRoutes } from './features/profile/orgs-routes';
import { profileRoutes } from './features/profile/profile-routes';
import { calendarFeedRoutes } from './features/profile/calendar-feed';
import { feedRoutes } from './features/feed/routes';
import { checkinRoutes, deskRoutes } from './features/checkin/routes';
import { friendRoutes } from './features/friends/routes';
import { imageAuthRoutes, uploadRoutes } from './features/profile/avatar';
import { pushKeyRoutes, pushSubscriptionRoutes } from './features/notifications/push-subscriptions-routes';
import { sessionRoutes, weekWithSession } from './features/booking/sessions-routes';
import { timezoneRoutes } from './features/profile/timezones-routes';
import { visitRoutes } from './features/booking/visits-routes';
import { BOOKING_JOB_INTERVAL_MS, recurringBookingRoutes, reminderRoutes, runBookingJobs } from './features/booking/recurring';
import { LOG_PROMPT_INTERVAL_MS, sendLogPrompts } from './features/training/log-prompts';
import { workoutReactionRoutes } from './features/training/reactions-routes';
import { workoutRoutes } from './features/training/workouts-routes';
import { staticApp } from './static';
import { CLIENT_REPORTS } from '../core/limits';
import { clientReportRoutes, errorAdminRoutes } from './features/client-reports/routes';
import { createClientReports, type ReportRateLimit } from './features/client-reports/service';
import { applyReportRetention, DEFAULT_REPORT_RETENTION, REPORT_RETENTION_INTERVAL_MS, type ReportRetention } from './features/client-reports/retention';
import { compress } from 'hono/compress';
import { logger as processLogger, type Logger } from './observability/log';
import { createServerMetrics, inManagedCluster, METRICS_CONTENT_TYPE, type JobName } from './observability/metrics';
import { serveMetrics, type MetricsPort } from './observability/metrics-port';
import { observeRequests } from './observability/request-log';

export interface ServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  host?: string;
  /** SQLite file, created with its folder if missing; ':memory:' for a throw-away database. */
  databaseFile?: string;
  /** postgres://… selects PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  databasePoolSize?: number;
  /** redis://… shares realtime fan-out and login limits with other processes on the same database. */
  redisUrl?: string;
  /** Starts every Redis key and channel of this deployment. Default member-pwa: */
  redisPrefix?: string;
  /** Seed demo data into an empty database. Default true. */
  seedDemo?: boolean;
  /** Folder of the built app (vite build output). */
  distDir?: string;
  /** The clock, for tests. */
  now?: () => Date;
  /** Believe X-Forwarded-Proto/-For/-Host (only behind a reverse proxy that sets them). */
  trustProxy?: boolean;
  /** Login throttling; defaults to 5 failures per email and 50 per IP per 15 minutes (then only correct passwords pass), 500 per IP hard. */
  loginRateLimit?: Partial<LoginRateLimitOptions>;
  /** How often lapsed waitlist offers are swept without waiting for a request. Default 60 s. */
  offerSweepIntervalMs?: number;
  /** How often booking-open reminders and weekly bookings are acted on. Default 60 s. */
  bookingJobIntervalMs?: number;
  /** How often prompts to log a class's workout are sent (default LOG_PROMPT_INTERVAL_MS). */
  logPromptIntervalMs?: number;
  /** How often each process looks for pushes left to send (a process died, a push service failed). Default 30 s. */
  pushRetryIntervalMs?: number;
  /** Sends Web Push messages; default: web-push with the stored VAPID key pair. Tests swap in fakes. */
  pushSender?: PushSender;
  /**
   * Accept and send to http://127.0.0.1 / localhost push endpoints (a stand-in push service).
   * Tests and local demos only; otherwise endpoints must be https: on public hosts. Default false.
   */
  allowLoopbackPush?: boolean;
  /** The VAPID subject (mailto: or https:). Default mailto:support@example.com. */
  vapidSubject?: string;
  /**
   * Bearer token of the /admin routes. Default: generated at the first start, kept in the
   * database and written to `admin-token` beside the database file (mode 0600).
   */
  adminToken?: string;
  /** smtp://… sends member emails; unset: the development mailbox (mailDir). */
  smtpUrl?: string;
  /** Sends member emails instead of SMTP or the development mailbox (tests: a stand-in). */
  mailer?: Mailer;
  /** Default "Member app <no-reply@member-app.example>". */
  mailFrom?: string;
  /** The development mailbox's folder. Default: mail/ beside the database file. */
  mailDir?: string;
  /** Where the development mailbox reports each message. Default: the console. */
  mailLog?: (line: string) => void;
  /** The app's public address, for links in emails. Default: where this server listens. */
  publicUrl?: string;
  /** Where profile photos and post pictures are kept. Default: uploads/ beside the database file. */
  uploadDir?: string;
  /** Keep them in an S3-compatible bucket instead (several machines). */
  s3?: S3Options;
  /** Where request lines and errors are logged. Default: the process's logger (LOG_LEVEL, stdout). */
  log?: Logger;
  /**
   * GET /metrics without a token on this port of its own (0: a free one), on metricsHost. Under
   * WORKERS=N the primary process serves it instead (observability/cluster-primary.ts).
   */
  metricsPort?: number;
  /** Default 127.0.0.1. */
  metricsHost?: string;
  /** Also forward error reports to this Sentry-compatible DSN (SENTRY_DSN). */
  sentryDsn?: string;
  /** Batches of error reports per address and per member; default 120 and 30 per 10 minutes. */
  reportRateLimit?: Partial<ReportRateLimit>;
  /** How long error reports and vitals are kept and how many; default 30 days, 5,000 groups. */
  reportRetention?: Partial<ReportRetention>;
  /** How often the retention limit is applied. Default hourly. */
  reportRetentionIntervalMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  db: Kysely<Database>;
  /** Publishes on the realtime (Faye) bus, e.g. publish('/n/abc123', {...}). */
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * Called after a waitlist place was offered to a member (the offer is committed). For
   * notifications; returns a function that stops listening.
   */
  onOffer(listener: OfferListener): () => void;
  /** The facility weeks GET /sessions presented (tests count how often it did). */
  weeks: SharedWeeks;
  /** Applies the error reports' retention limit now (tests; the timer runs it anyway). */
  runReportRetention(): Promise<{ groups: number; ids: number; vitals: number }>;
  /** Runs the reminder and weekly-booking job once now (tests; the timer runs it anyway). */
  runBookingJobs(): Promise<{ reminders: number; attempts: number }>;
  /** Sends the prompts to log a class's workout due now (what the job timer runs). */
  sendLogPrompts(): Promise<number>;
  /** Notifications: notify(), and settled() to wait for background delivery (tests). */
  notifications: Notifier;
  /** The bearer token of /admin routes, and the file it was written to (null: from ADMIN_TOKEN or in memory). */
  adminToken: string;
  adminTokenFile: string | null;
  /** The VAPID public key (base64url) browsers subscribe with. */
  vapidPublicKey: string;
  /** METRICS_PORT's address (http://127.0.0.1:port/metrics), null when only the main port serves them. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

const API_BODY_LIMIT = 64 * 1024;
const CLOSE_GRACE_MS = 5000;
/** At shutdown, notification deliveries under way get this long to finish. */
const DELIVERY_GRACE_MS = 2000;
/** At shutdown, work started after an answer (a reset link's mail) gets this long to finish. */
const AFTER_RESPONSE_GRACE_MS = 5000;

export function buildApp(deps: Deps, distDir: string): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const apiBodyLimit = bodyLimit({ maxSize: API_BODY_LIMIT, onError: payloadTooLarge });
  // A batch of error reports may be larger than any other request (CLIENT_REPORTS.maxBodyBytes).
  const reportsBodyLimit = bodyLimit({ maxSize: CLIENT_REPORTS.maxBodyBytes, onError: payloadTooLarge });
  // GET and HEAD carry no body (@hono/node-server gives them none); bodyLimit would build the
  // full web Request only to find that out.
  api.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : c.req.path === '/api/v1/client_reports' ? reportsBodyLimit(c, next) : apiBodyLimit(c, next)));
  api.use(requireAppId);
  // GET /sessions asks for the member's part of its week with the session's lookup (PostgreSQL).
  api.use('/sessions', weekWithSession);
  api.use(loadSession);
  api.use(facilityScope);
  api.route('/authentication', authenticationRoutes());
  api.route('/password_resets', passwordResetRoutes());
  api.route('/invite', inviteRoutes());
  api.route('/signup', signupRoutes());
  api.route('/profile', imageAuthRoutes());
  api.route('/profile', profileRoutes());
  api.route('/member', memberRoutes());
  api.route('/facilities', facilityRoutes());
  api.route('/orgs', orgRoutes());
  api.route('/timezones', timezoneRoutes());
  api.route('/sessions', sessionRoutes());
  api.route('/visits', visitRoutes());
  api.route('/client_visits', clientVisitRoutes());
  api.route('/recurring_bookings', recurringBookingRoutes());
  api.route('/reminders', reminderRoutes());
  api.route('/notifications', notificationRoutes());
  api.route('/push', pushKeyRoutes());
  api.route('/push_subscriptions', pushSubscriptionRoutes());
  api.route('/appointments', appointmentRoutes());
  api.route('/services', serviceRoutes());
  api.route('/staff', staffRoutes());
  api.route('/courses', courseRoutes());
  api.route('/memberships', membershipRoutes());
  api.route('/passes', passRoutes());
  api.route('/', shopRoutes());
  api.route('/', cardRoutes());
  api.route('/checkout', checkoutRoutes());
  api.route('/invoices', invoiceRoutes());
  api.route('/workouts', workoutRoutes());
  api.route('/workout_reactions', workoutReactionRoutes());
  api.route('/lifts', liftRoutes());
  api.route('/movements', movementRoutes());
  api.route('/leaderboard', leaderboardRoutes());
  api.route('/', feedRoutes());
  api.route('/client_reports', clientReportRoutes());
  api.route('/checkin', checkinRoutes());
  api.route('/friends', friendRoutes());
  // The front desk: staff with the admin token or a desk token, no member session (features/checkin).
  api.route('/desk', deskRoutes());

  const app = new Hono<AppEnv>();
  app.use(observeRequests(deps.log, deps.metrics));
  app.use(securityHeaders);
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // API answers over 1 KB are gzipped for browsers that take it. Vary: Accept-Encoding is named
  // before the answer is made (lists name it in theirs, etag.ts): compress() adding it to a
  // finished answer turns @hono/node-server's string body into a stream, gzipped or not.
  app.use('/api/*', async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await next();
  });
  app.use('/api/*', compress({ encoding: 'gzip' }));
  app.route('/api/v1', api);
  app.route('/admin', errorAdminRoutes());
  app.route('/admin', adminRoutes());
  // Prometheus reads it with the admin token, or without one on METRICS_PORT (observability/metrics-port.ts).
  app.get('/metrics', adminAuth, async (c) => c.body(await deps.metrics.text(), 200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' }));
  // The sandbox card gateway's own endpoints (outside /api/v1, as a gateway's servers would be),
  // there only while the sandbox is offered.
  app.use('/sandbox-gateway/*', async (c, next) => (sandboxOffered() ? next() : c.notFound()));
  app.route('/sandbox-gateway', sandboxGatewayRoutes());
  app.route('/calendar', calendarFeedRoutes());
  app.route('/uploads', uploadRoutes());
  // For load balancers and rolling restarts: can this process reach its database (and Redis)?
  app.get('/healthz', async (c) => {
    const database = await sql`select 1`.execute(deps.db).then(
      () => 'ok',
      () => 'unreachable',
    );
    const redis = deps.redis ? ((await deps.redis.ping()) ? 'ok' : 'unreachable') : undefined;
    const ok = database === 'ok' && redis !== 'unreachable';
    return c.json({ status: ok ? 'ok' : 'unavailable', database, ...(redis && { redis }) }, ok ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  app.all('/api', () => {
    throw new ApiError(404, 'not_found', 'There is no such API endpoint.');
  });
  app.all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'There is no such API endpoint.');
  });
  const serveStatic = staticApp(distDir);
  app.on(['GET', 'HEAD'], '*', (c) => serveStatic(c));
  app.notFound((c) => c.text('Not found', 404));
  app.onError(handleError);
  return app;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? (() => new Date());
  const trustProxy = options.trustProxy ?? false;
  const databaseFile = options.databaseFile ?? 'data/app.sqlite';
  const log = options.log ?? processLogger;
  const metrics = createServerMetrics();
  // Redis first: a wrong REDIS_URL stops the start before anything is written.
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.redisPrefix) : null;
  const db = openDatabase(options.databaseUrl ?? databaseFile, options.databasePoolSize, metrics.connectionWait);
  let vapid: Awaited<ReturnType<typeof loadVapidDetails>>;
  let admin: Awaited<ReturnType<typeof resolveAdminToken>>;
  let secret: string;
  let realtime: Realtime;
  try {
    // Several processes starting at once on one PostgreSQL: one migrates, seeds and makes the
    // keys, the others wait and find them made.
    ({ vapid, admin, secret } = await exclusively(db, 'member-pwa:first-start', async () => {
      await migrateToLatest(db);
      if ((options.seedDemo ?? true) && (await isEmpty(db))) await seedDemoData(db, now());
      return { vapid: await loadVapidDetails(db, options.vapidSubject), admin: await resolveAdminToken(db, databaseFile, options.adminToken), secret: await uploadSecret(db) };
    }));
    realtime = await createRealtime(db, now, redis);
  } catch (error) {
    await db.destroy();
    await redis?.close();
    metrics.close();
    throw error;
  }

  const allowLoopbackPush = options.allowLoopbackPush ?? false;
  const pushSender = options.pushSender ?? createWebPushSender(vapid, { allowLoopbackHttp: allowLoopbackPush });
  const notifications = createNotifier({ db, now, realtime, pushSender });
  const background = createBackgroundWork(log, metrics);
  const distDir = options.distDir ?? 'dist';
  const reports = createClientReports({ db, now, redis, distDir, sentryDsn: options.sentryDsn, rateLimit: options.reportRateLimit });
  const retention = { ...DEFAULT_REPORT_RETENTION, ...options.reportRetention };
  const deps: Deps = {
    db,
    log,
    metrics,
    now,
    trustProxy,
    loginLimiter: createLoginRateLimiter({ ...DEFAULT_LOGIN_RATE_LIMIT, ...options.loginRateLimit }, now, redis),
    redis,
    realtime,
    offers: new OfferBus(),
    weeks: new SharedWeeks(),
    notifications,
    vapidPublicKey: vapid.publicKey,
    adminToken: admin.token,
    allowLoopbackPush,
    resetLimiter: createLoginRateLimiter(RESET_RATE_LIMIT, now, redis, 'reset'),
    background,
    reports,
    mailer: options.mailer ?? createMailer({
      smtpUrl: options.smtpUrl,
      mailDir: options.mailDir ?? join(databaseFile === ':memory:' ? tmpdir() : dirname(databaseFile), 'mail'),
      from: options.mailFrom ?? 'Member app <no-reply@member-app.example>',
      log: options.mailLog,
    }),
    // Set once the server listens (below) unless configured.
    publicUrl: options.publicUrl ?? '',
    uploads: { store: options.s3 ? s3Store(options.s3) : folderStore(options.uploadDir ?? join(databaseFile === ':memory:' ? tmpdir() : dirname(databaseFile), 'uploads')), secret },
  };
  // A place offered from the waitlist becomes a 'waitlist' notification.
  deps.offers.on((event) => notifications.offerMade(event));
  const app = buildApp(deps, distDir);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // Long-polls and WebSockets would hold close() for up to a minute; they are cut at once,
  // other requests get a grace period to finish.
  const sockets = new Set<Socket>();
  const realtimeSockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      realtimeSockets.delete(socket);
    });
  });
  const websockets = new Set<Socket>();
  realtime.attach(server);
  guardServer(server, trustProxy, realtimeSockets, websockets);
  metrics.watch({
    // realtimeSockets holds the WebSockets and the long-polls under way.
    realtimeConnections: () => ({ websocket: websockets.size, polling: realtimeSockets.size - websockets.size }),
    pushQueuePending: async () => Number((await db.selectFrom('push_queue').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await realtime.close();
    await db.destroy();
    await redis?.close();
    metrics.close();
    throw error;
  });

  // Under WORKERS=N the primary process serves METRICS_PORT with every worker's figures.
  let metricsPort: MetricsPort | null = null;
  if (options.metricsPort !== undefined && !inManagedCluster()) {
    metricsPort = await serveMetrics(options.metricsHost ?? '127.0.0.1', options.metricsPort, () => metrics.text()).catch(async (error: unknown) => {
      await realtime.close();
      server.close();
      await db.destroy();
      await redis?.close();
      metrics.close();
      throw error;
    });
  }

  // Lapsed offers are also swept lazily by every booking request; the timer passes places on
  // when nobody is using the app.
  let sweeping: Promise<unknown> = Promise.resolve();
  // Each periodic job runs after the previous one ended, is counted and timed (job_runs_total), and
  // its failure is logged, never thrown: the next run tries again.
  const periodically = (job: JobName, intervalMs: number, run: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      sweeping = sweeping.then(() => metrics.job(job, run)).catch((error: unknown) => log.error({ err: error, job }, 'periodic job failed'));
    }, intervalMs);
    timer.unref();
    return timer;
  };
  const sweepTimer = periodically('offer_sweep', options.offerSweepIntervalMs ?? OFFER_SWEEP_INTERVAL_MS, () => sweepExpiredOffers(deps, { wait: false }));
  const pushTimer = periodically('push_retry', options.pushRetryIntervalMs ?? PUSH_RETRY_INTERVAL_MS, () => retryPushes(db, pushSender, now));
  // Reminders when booking opens and weekly bookings: from the server, so they happen with the app closed.
  const bookingJobTimer = periodically('booking_jobs', options.bookingJobIntervalMs ?? BOOKING_JOB_INTERVAL_MS, () => runBookingJobs(deps));
  // "Log your Fran time?" when a class ends, from the server so the app may be closed (Web Push).
  const logPromptTimer = periodically('log_prompts', options.logPromptIntervalMs ?? LOG_PROMPT_INTERVAL_MS, () => sendLogPrompts(deps));
  // Error reports and vitals kept within their retention limit (days and row counts).
  const reportRetentionTimer = periodically('report_retention', options.reportRetentionIntervalMs ?? REPORT_RETENTION_INTERVAL_MS, () => applyReportRetention(db, now(), retention));

  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  deps.publicUrl ||= `http://${urlHost}:${port}`;
  let closing: Promise<void> | null = null;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    db,
    publish: (channel, message) => realtime.publish(channel, message),
    onOffer: (listener) => deps.offers.on(listener),
    weeks: deps.weeks,
    runBookingJobs: () => runBookingJobs(deps),
    sendLogPrompts: () => sendLogPrompts(deps),
    runReportRetention: () => applyReportRetention(db, now(), retention),
    notifications,
    adminToken: admin.token,
    adminTokenFile: admin.file,
    vapidPublicKey: vapid.publicKey,
    metricsUrl: metricsPort?.url ?? null,
    close() {
      closing ??= (async () => {
        clearInterval(sweepTimer);
        clearInterval(pushTimer);
        clearInterval(bookingJobTimer);
        clearInterval(logPromptTimer);
        clearInterval(reportRetentionTimer);
        let graceTimer: NodeJS.Timeout | undefined;
        await Promise.race([notifications.settled(), new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, DELIVERY_GRACE_MS)))]);
        clearTimeout(graceTimer);
        notifications.close();
        await realtime.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of realtimeSockets) socket.destroy();
        server.closeIdleConnections();
        // A keep-alive socket whose request finishes during the drain goes at once, not after
        // its keep-alive timeout.
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, CLOSE_GRACE_MS);
        await closed;
        clearTimeout(force);
        clearInterval(idleSweep);
        // Every answer is out, so all work left behind by one has started: give it time to end.
        await Promise.race([background.settled(), new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, AFTER_RESPONSE_GRACE_MS)))]);
        clearTimeout(graceTimer);
        // Server errors still being written, reports still being forwarded: the same grace.
        await Promise.race([reports.settled(), new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, AFTER_RESPONSE_GRACE_MS)))]);
        clearTimeout(graceTimer);
        await sweeping;
        await metricsPort?.close();
        metrics.close();
        await db.destroy();
        await redis?.close();
      })();
      return closing;
    },
  };
}
