import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { Kysely, SqliteDialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { writeTransaction, type Database } from '../db/index';
import { ApiError, handleError } from './errors';

describe('error responses', () => {
  it('turn unexpected failures into a JSON 500 without internals', async () => {
    const app = new Hono();
    app.get('/boom', () => {
      throw new Error('SQLITE_CORRUPT: secret detail at /srv/app/db.ts:12');
    });
    app.get('/known', () => {
      throw new ApiError(409, 'conflict', 'Already done.', [{ path: 'x', message: 'Already done.' }]);
    });
    app.onError(handleError);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await app.request('/boom');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
      expect(text).not.toMatch(/SQLITE|secret|db\.ts/);
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
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
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const res = await app.request('/book', { method: 'POST' });
      expect(attempts).toBe(12);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ code: 'server_busy', message: 'Many members are booking right now. Please try again in a moment.' });
    } finally {
      warn.mockRestore();
      await db.destroy();
    }
  });
});
