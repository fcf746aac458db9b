import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { writeTransaction, type Database } from '../db/index';
import { createLogger } from '../observability/log';
import { ApiError, handleError } from './errors';

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger({ destination }), records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('error responses', () => {
  it('turn unexpected failures into a JSON 500 without internals', async () => {
    const captured = capturedLog();
    const app = new Hono();
    app.use(async (c, next) => {
      c.set('log' as never, captured.log as never);
      await next();
    });
    app.get('/boom', () => {
      throw new Error('SQLITE_CORRUPT: secret detail at /srv/app/db.ts:12');
    });
    app.get('/known', () => {
      throw new ApiError(409, 'conflict', 'Already done.', [{ path: 'x', message: 'Already done.' }]);
    });
    app.onError(handleError);
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    expect(text).not.toMatch(/SQLITE|secret|db\.ts/);
    // The detail goes to the server log, at level error, with its stack.
    const [line] = captured.records();
    expect(line).toMatchObject({ level: 50, msg: 'unhandled error, answered 500', err: { type: 'Error', message: 'SQLITE_CORRUPT: secret detail at /srv/app/db.ts:12' } });
    expect((line?.err as { stack?: string }).stack).toContain('errors.test.ts');
    const known = await app.request('/known');
    expect(known.status).toBe(409);
    expect(await known.json()).toEqual({ code: 'conflict', message: 'Already done.', errors: [{ path: 'x', message: 'Already done.' }] });
  });
});

describe('the error vocabulary', () => {
  it('takes only codes of core/errors: an unlisted one fails typecheck', async () => {
    const { isErrorCode, SERVER_ERROR_CODES } = await import('../../core/errors');
    // @ts-expect-error: 'made_up_code' is not in the vocabulary, so the app could not translate it
    const made = new ApiError(409, 'made_up_code', 'Nobody translates this.');
    expect(isErrorCode(made.code)).toBe(false);
    expect(SERVER_ERROR_CODES).toContain('class_full');
  });

  it('answer 503 server_busy with Retry-After when a write lost to concurrent ones on every attempt', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    let attempts = 0;
    const app = new Hono();
    app.post('/book', async () => {
      // What PostgreSQL answers a SERIALIZABLE transaction that a concurrent one beat.
      await writeTransaction(db, () => {
        attempts += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      });
      return new Response('never');
    });
    app.onError(handleError);
    try {
      const res = await app.request('/book', { method: 'POST' });
      expect(attempts).toBe(12);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ code: 'server_busy', message: 'Many members are booking right now. Please try again in a moment.' });
    } finally {
      await db.destroy();
    }
  });
});
