// Environment → server options. Everything has a default that runs the demo locally.
import { isLogLevel, LOG_LEVELS, type LogLevel } from './observability/log';

export interface Config {
  port: number;
  host: string;
  databaseFile: string;
  /** postgres://… to run on PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  databasePoolSize: number;
  /** redis://… to share realtime fan-out and login limits between server processes. */
  redisUrl?: string;
  /** Starts every Redis key and channel (deployments sharing one Redis pick different ones). */
  redisPrefix?: string;
  seedDemo: boolean;
  distDir: string;
  trustProxy: boolean;
  /** Bearer token of /admin; unset: generated once and written to admin-token beside the database. */
  adminToken?: string;
  /** VAPID subject for Web Push (mailto: or https:); unset: mailto:support@example.com. */
  vapidSubject?: string;
  /** Loopback http push endpoints (a stand-in push service), for tests and local demos only. */
  allowLoopbackPush: boolean;
  /** smtp://… or smtps://… sends member emails; unset: .eml files in the mail folder. */
  smtpUrl?: string;
  /** The From of member emails. */
  mailFrom?: string;
  /** The development mailbox; unset: mail/ beside the database file. */
  mailDir?: string;
  /** The app's public address for links in emails; unset: where the server listens. */
  publicUrl?: string;
  /** Where profile photos are kept; unset: uploads/ beside the database file. */
  uploadDir?: string;
  /** A Sentry-compatible DSN: error reports are also forwarded there (issue 29); unset, the database alone keeps them. */
  sentryDsn?: string;
  /** S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX): keep pictures in a bucket. */
  s3?: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string; prefix?: string };
  /** LOG_LEVEL: the least severe log lines written (info: one line per request). */
  logLevel: LogLevel;
  /** METRICS_PORT: GET /metrics without a token on a port of its own; unset: only on the main port, with the admin token. */
  metricsPort?: number;
  /** METRICS_HOST: the address METRICS_PORT listens on; 127.0.0.1 unless a private network reaches it. */
  metricsHost: string;
  /** LOG_PROMPT_INTERVAL_MS: how often prompts to log a class's workout are looked for; unset: every minute. */
  logPromptIntervalMs?: number;
}

const OFF = new Set(['0', 'false', 'off', 'no']);
const ON = new Set(['1', 'true', 'on', 'yes']);

export function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (OFF.has(v)) return false;
  if (ON.has(v)) return true;
  throw new Error(`${name} must be one of 1/true/on or 0/false/off, got "${value}".`);
}

function port(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value.trim() === '') return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}".`);
  return n;
}

function logLevel(value: string | undefined): LogLevel {
  const v = value?.trim().toLowerCase();
  if (!v) return 'info';
  if (!isLogLevel(v)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}".`);
  return v;
}

function poolSize(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const n = Number(value);
  // Two at least: the first start holds one connection for its lock while another migrates.
  if (!Number.isInteger(n) || n < 2 || n > 1000) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 2 to 1000, got "${value}".`);
  return n;
}

/** How often prompts to log a class's workout are looked for: 1 s to 1 h (default a minute; the tests use a second). */
function logPromptInterval(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1000 || n > 3_600_000) throw new Error(`LOG_PROMPT_INTERVAL_MS must be a whole number of milliseconds from 1000 to 3600000, got "${value}".`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // The gateway reads them itself (features/shop/gateway/configured.ts); half a pair is a mistake.
  if (!env.STRIPE_SECRET_KEY?.trim() !== !env.STRIPE_PUBLISHABLE_KEY?.trim()) throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (or neither).');
  // Read there too (sandboxOffered); a value that is neither on nor off stops the start here.
  flag(env.SANDBOX_GATEWAY, false, 'SANDBOX_GATEWAY');
  return {
    port: port(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    databaseFile: env.DATABASE_FILE?.trim() || 'data/app.sqlite',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisPrefix: env.REDIS_PREFIX?.trim() || undefined,
    seedDemo: flag(env.SEED_DEMO, true, 'SEED_DEMO'),
    distDir: env.DIST_DIR?.trim() || 'dist',
    // Only behind a reverse proxy that sets X-Forwarded-Proto/-For/-Host itself.
    trustProxy: flag(env.TRUST_PROXY, false, 'TRUST_PROXY'),
    adminToken: env.ADMIN_TOKEN?.trim() || undefined,
    vapidSubject: env.VAPID_SUBJECT?.trim() || undefined,
    // Never in production: members could make the server post to services on its own host.
    allowLoopbackPush: flag(env.ALLOW_LOOPBACK_PUSH, false, 'ALLOW_LOOPBACK_PUSH'),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    mailDir: env.MAIL_DIR?.trim() || undefined,
    uploadDir: env.UPLOAD_DIR?.trim() || undefined,
    s3: env.S3_BUCKET?.trim()
      ? {
          bucket: env.S3_BUCKET.trim(),
          endpoint: env.S3_ENDPOINT?.trim() || undefined,
          region: env.S3_REGION?.trim() || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
          prefix: env.S3_PREFIX?.trim() || undefined,
        }
      : undefined,
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
    metricsPort: env.METRICS_PORT?.trim() ? port(env.METRICS_PORT, 'METRICS_PORT') : undefined,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    sentryDsn: env.SENTRY_DSN?.trim() || undefined,
    logPromptIntervalMs: logPromptInterval(env.LOG_PROMPT_INTERVAL_MS),
  };
}
