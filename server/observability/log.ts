import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

// The server's log (docs/decisions.md#logs-and-metrics): one JSON object per line on stdout, for
// whatever collects the logs of a deployment; pretty-printed when a person watches the terminal.
// What is logged is chosen field by field: the request line (request-log.ts) carries the method,
// the route's template, the status, the latency and the request id, never a body, a query, a
// header or a concrete path. Redaction below is the second line of defence, for a field someone
// adds later.

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** Keys whose values never reach a log line, at the top level or nested up to two objects deep. */
const SECRET_KEYS = [
  'cookie',
  'set-cookie',
  'authorization',
  'password',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'auth_token',
  'secret',
  'number',
  'card_number',
  'cvc',
  'idempotency-key',
  'idempotency_key',
  'idempotencyKey',
];

const SECRETS = new Set(SECRET_KEYS);
const CENSOR = '[redacted]';
/** How deep below the line's top level a secret key is still found (two objects, as documented above). */
const SECRET_DEPTH = 2;

/**
 * The line without the values of secret keys, copied only where one is found. A walk of the
 * line's own keys: pino's path redaction (51 paths with wildcards) cost 25–60 µs a line, 8 % of
 * the server's CPU under load, where this costs about 1 µs.
 */
export function withoutSecrets<T extends object>(value: T, depth = 0): T {
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const inner = record[key];
    let replaced = inner;
    if (SECRETS.has(key)) replaced = CENSOR;
    else if (depth < SECRET_DEPTH && inner !== null && typeof inner === 'object' && !(inner instanceof Error) && !ArrayBuffer.isView(inner)) replaced = withoutSecrets(inner, depth + 1);
    if (replaced !== inner) {
      copy ??= (Array.isArray(value) ? [...value] : { ...record }) as Record<string, unknown>;
      copy[key] = replaced;
    }
  }
  return (copy ?? value) as T;
}

/**
 * Errors as type, message, code and stack (pino's message and stack include the causes), not every
 * enumerable field: a database error's detail or parameters can carry what a member sent.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { type, message, stack } = stdSerializers.err(error);
  const { code } = error as { code?: unknown };
  return { type, message, ...(typeof code === 'string' && { code }), stack };
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; default stdout, pretty-printed when it is a terminal. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

const require = createRequire(import.meta.url);

/** pino-pretty is loaded only when a person reads the terminal (development). */
function prettyStdout(): DestinationStream {
  const pretty = require('pino-pretty') as (options: object) => DestinationStream;
  return pretty({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'hostname', sync: true });
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? (process.stdout.isTTY ? prettyStdout() : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: options.level ?? 'info',
      // Under WORKERS=N each line says which of the processes wrote it.
      base: { pid: process.pid, ...(cluster.isWorker && cluster.worker && { worker: cluster.worker.id }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (line) => withoutSecrets(line), bindings: (bindings) => withoutSecrets(bindings) },
      serializers: { err: serializeError },
    },
    destination,
  );
}

/**
 * The level a process starts with: LOG_LEVEL (config.ts refuses a wrong one before the server
 * starts), else info; under Vitest (NODE_ENV=test) silent, so the test output stays readable.
 */
export function initialLevel(env: NodeJS.ProcessEnv): LogLevel {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && isLogLevel(wanted)) return wanted;
  return env.NODE_ENV === 'test' ? 'silent' : 'info';
}

/**
 * The process's logger, for code that runs outside a request (jobs, Redis, push, the pool). A
 * server's requests log through the logger it was given (ServerOptions.log), by default this one.
 */
export const logger: Logger = createLogger({ level: initialLevel(process.env) });
