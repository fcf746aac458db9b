import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../api/client';
import type { Member, Profile } from '../../../core/contract/types';
import { connectApi } from '../auth';
import { MEMBER_UPDATE } from "../../features/profile/commands/member";
import { ORG_VISIBILITY, setOrgVisible } from "../../features/profile/commands/orgs";
import { PROFILE_UPDATE, updateProfile } from "../../features/profile/commands/profile";
import { registerCommandOps } from "../../features/ops";
import { db, type SyncStatus } from '../db';
import { getAuthState } from './auth-row';
import { commandTransaction, configureOutbox, enqueue, hasOp, registerOp, whenNoneQueuedFor } from './outbox';
import { flushForSyncEvent, flushOutbox, REPLAY_BATCH, resumeAfterSignIn } from './replay';
import { loadHandlersWith } from './handlers-loader';
import { getStatus } from './status';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeAccount, makeProfile, resetDb, resetModules, signedInLocally, signedOutLocally, withFakeApi } from '../../../tests/support/data-helpers';

const NOW = Date.parse('2026-11-22T06:00:00.000Z');
const fake = withFakeApi();
let profile: Profile;

interface NoteArgs {
  orgId: number;
  first_name: string;
  [key: string]: unknown;
}

function member(orgId: number, first_name: string): Member {
  return { id: orgId, short_id: `m${orgId}`, org_id: orgId, first_name, last_name: 'X', email: 'x@example.com', phone: null, address: null, birthday: null, emergency_contact: null };
}

// A generic queued write that stores its optimistic row in db.members.
registerOp<NoteArgs, Member>('test.note', {
  send: (args, idempotencyKey) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey, scope: null }),
  onSuccess: async (result) => {
    await db.members.put(result);
  },
  onRejected: async (args) => {
    await db.members.delete(args.orgId);
  },
});
registerCommandOps();

function note(orgId: number, first_name: string): Promise<void> {
  return commandTransaction([db.members], async () => {
    await db.members.put(member(orgId, first_name));
    await enqueue('test.note', { orgId, first_name }, [`members:${orgId}`]);
  });
}

function echo(request: RecordedRequest) {
  const args = request.body as NoteArgs;
  return { body: member(args.orgId, `${args.first_name} (server)`) };
}

beforeEach(async () => {
  fake.api.handle(echo);
  configureOutbox({ now: () => NOW, random: () => 0.5 });
  await resetDb();
  profile = makeProfile(1);
  await signedInLocally(profile);
});

describe('enqueue', () => {
  it('refuses to run outside a transaction that includes the outbox', async () => {
    await expect(enqueue('test.note', {}, [])).rejects.toThrow(/inside a rw transaction/);
    await expect(db.transaction('rw', db.members, () => enqueue('test.note', {}, []))).rejects.toThrow(/db.outbox/);
  });

  it('makes a v4 uuid even where crypto.randomUUID is missing (plain http)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    try {
      await note(3, 'Lan');
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await db.outbox.toArray())[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes the optimistic row and the entry together or not at all', async () => {
    await expect(
      commandTransaction([db.members], async () => {
        await db.members.put(member(5, 'Half'));
        await enqueue('test.note', { orgId: 5, first_name: 'Half' }, ['members:5']);
        throw new Error('validation failed after enqueue');
      }),
    ).rejects.toThrow('validation failed');
    expect(await db.members.get(5)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores the intent with a uuid, zero attempts and the touched rows, and counts it', async () => {
    await note(2, 'Kim');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'test.note', args: { orgId: 2, first_name: 'Kim' }, attempts: 0, status: 'pending', schemaVersion: 1, touches: ['members:2'], createdAt: NOW });
    expect(entry?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getStatus()).pending).toBe(1);
  });
});

describe('whenNoneQueuedFor', () => {
  it('answers at once for a row nothing queued touches, and once the write touching it has landed', async () => {
    await whenNoneQueuedFor('members:9');
    await note(5, 'Ana');
    let landed = false;
    const waiting = whenNoneQueuedFor('members:5').then(() => (landed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(landed).toBe(false);
    await flushOutbox();
    await waiting;
    expect(await db.outbox.count()).toBe(0);
    expect((await db.members.get(5))?.first_name).toBe('Ana (server)');
  });
});

describe('flushOutbox', () => {
  it('sends strictly in FIFO order with Idempotency-Key = entry id, then empties the queue', async () => {
    await note(1, 'a');
    await note(2, 'b');
    await note(3, 'c');
    const ids = (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.id);
    const result = await flushOutbox();
    expect(result).toMatchObject({ outcome: 'idle', sent: 3, rejected: 0 });
    expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['a', 'b', 'c']);
    expect(fake.api.requests.map((request) => request.headers['idempotency-key'])).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
    expect(await getStatus()).toMatchObject({ pending: 0, lastSyncedAt: NOW, nextAttemptAt: null, blocked: null });
  });

  it("replaces the optimistic row with the server's answer", async () => {
    await note(4, 'Optimistic');
    expect((await db.members.get(4))?.first_name).toBe('Optimistic');
    await flushOutbox();
    expect((await db.members.get(4))?.first_name).toBe('Optimistic (server)');
  });

  it('keeps a retryable entry, counts the attempt and backs off with jitter', async () => {
    await note(1, 'a');
    await note(2, 'b');
    fake.api.handle(() => ({ status: 503, body: { message: 'Down for maintenance', code: 'unavailable' } }));
    const result = await flushOutbox();
    // attempt 1: full jitter over [0, 1 s], random 0.5 → 500 ms.
    expect(result).toMatchObject({ outcome: 'retry', sent: 0, nextAttemptAt: NOW + 500 });
    expect(fake.api.requests).toHaveLength(1);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(await getStatus()).toMatchObject({ pending: 2, nextAttemptAt: NOW + 500, lastError: 'Down for maintenance' });

    // Before the backoff runs out nothing is sent; the timer (ignoreBackoff) sends again.
    expect((await flushOutbox()).outcome).toBe('backoff');
    expect(fake.api.requests).toHaveLength(1);
    const second = await flushOutbox({ ignoreBackoff: true });
    expect(second.nextAttemptAt).toBe(NOW + 1_000); // attempt 2: [0, 2 s] × 0.5
    expect((await db.outbox.orderBy('seq').first())?.attempts).toBe(2);

    fake.api.handle(echo);
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    expect(fake.api.requests.slice(1).map((request) => request.headers['idempotency-key'])).toEqual([fake.api.requests[0]?.headers['idempotency-key'], fake.api.requests[0]?.headers['idempotency-key'], expect.any(String)]);
  });

  it('honours Retry-After on 429', async () => {
    await note(1, 'a');
    fake.api.handle(() => ({ status: 429, body: { message: 'Slow down', code: 'rate_limited' }, headers: { 'Retry-After': '120' } }));
    expect((await flushOutbox()).nextAttemptAt).toBe(NOW + 120_000);
  });

  it('treats 408 and network failures as retryable and marks the device offline', async () => {
    await note(1, 'a');
    fake.api.handle(() => ({ status: 408, body: { message: 'Timeout', code: 'timeout' } }));
    expect((await flushOutbox()).outcome).toBe('retry');
    resetModules(fake.api.baseUrl, () => Promise.reject(new TypeError('fetch failed')));
    expect((await flushOutbox({ ignoreBackoff: true })).outcome).toBe('retry');
    expect(await db.outbox.count()).toBe(1);
    expect((await getStatus()).online).toBe(false);
  });

  it('rolls back a rejected write, drops it, leaves a notice and carries on with the next', async () => {
    await note(1, 'refused');
    await note(2, 'fine');
    fake.api.handle((request) =>
      (request.body as NoteArgs).first_name === 'refused' ? { status: 409, body: { message: 'The class is full.', code: 'class_full' } } : echo(request),
    );
    const result = await flushOutbox();
    expect(result).toMatchObject({ outcome: 'idle', sent: 1, rejected: 1 });
    expect(await db.members.get(1)).toBeUndefined();
    expect((await db.members.get(2))?.first_name).toBe('fine (server)');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.toArray()).toEqual([{ id: expect.any(Number), op: 'test.note', message: 'The class is full.', code: 'class_full', createdAt: NOW }]);
  });

  it('on 401 blocks the queue and keeps every entry until the member signs in again', async () => {
    connectApi({ baseUrl: fake.api.baseUrl });
    await note(1, 'a');
    await note(2, 'b');
    fake.api.handle(() => ({ status: 401, body: { message: 'Please sign in again.', code: 'unauthorized' } }));
    expect((await flushOutbox()).outcome).toBe('blocked');
    expect(await db.outbox.count()).toBe(2);
    expect((await db.outbox.toArray()).every((entry) => entry.status === 'pending' && entry.attempts === 0)).toBe(true);
    expect((await getStatus()).blocked).toBe('auth');
    // The user and account are forgotten, the member data stays.
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'expired', profileId: null, accountOrgId: null });
    expect(await db.members.count()).toBe(2);

    fake.api.handle(echo);
    expect((await flushOutbox({ ignoreBackoff: true })).outcome).toBe('signed-out');
    expect(fake.api.requests).toHaveLength(1);

    await signedInLocally(profile);
    expect((await flushOutbox()).outcome).toBe('blocked');
    expect(await resumeAfterSignIn()).toMatchObject({ outcome: 'idle', sent: 2 });
    expect((await getStatus()).blocked).toBeNull();
    expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['a', 'a', 'b']);
  });

  it('never sends one entry twice when flushes overlap', async () => {
    for (let i = 1; i <= 5; i += 1) await note(i, `n${i}`);
    fake.api.handle((request) => ({ ...echo(request), delayMs: 15 }));
    const results = await Promise.all([flushOutbox(), flushOutbox(), flushOutbox(), flushOutbox({ ignoreBackoff: true })]);
    const keys = fake.api.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(5);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(5);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends an entry enqueued while a flush is running', async () => {
    await note(1, 'first');
    fake.api.handle((request) => ({ ...echo(request), delayMs: 20 }));
    const first = flushOutbox();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await note(2, 'second');
    const second = flushOutbox();
    await Promise.all([first, second]);
    expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['first', 'second']);
  });

  it('holds the Web Lock named outbox while flushing, where Web Locks exist', async () => {
    const held: string[] = [];
    let tail = Promise.resolve();
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        const run = tail.then(async () => {
          held.push(name);
          return callback();
        });
        tail = run.then(() => undefined, () => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks, onLine: true });
    try {
      await note(1, 'a');
      expect((await flushOutbox()).sent).toBe(1);
      expect(held).toEqual(['outbox']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("resends an entry a crashed tab left in 'sending', with the same key", async () => {
    await note(1, 'a');
    const entry = await db.outbox.orderBy('seq').first();
    await db.outbox.update(entry!.seq!, { status: 'sending' });
    expect((await flushOutbox()).sent).toBe(1);
    expect(fake.api.requests[0]?.headers['idempotency-key']).toBe(entry?.id);
  });

  it('leaves an unknown op queued with an error and sends nothing behind it', async () => {
    await commandTransaction([], () => enqueue('from.the.future', { x: 1 }, []));
    await note(1, 'behind');
    const result = await flushOutbox();
    expect(result.outcome).toBe('stalled');
    expect(fake.api.requests).toHaveLength(0);
    const [unknown] = await db.outbox.orderBy('seq').toArray();
    expect(unknown).toMatchObject({ op: 'from.the.future', status: 'pending' });
    expect(unknown?.lastError).toMatch(/does not know/);
    expect((await getStatus()).lastError).toMatch(/from\.the\.future/);
  });

  describe("the page's handlers, loaded by the first entry that needs them", () => {
    it('are loaded once, then the entry that needed them is sent, and the one behind it', async () => {
      await commandTransaction([], () => enqueue('test.loaded-later', { orgId: 7, first_name: 'later' }, []));
      await note(1, 'behind');
      const load = vi.fn(async () => registerOp<NoteArgs, Member>('test.loaded-later', { send: (args, key) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey: key, scope: null }) }));
      loadHandlersWith(load);
      expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 2 });
      expect(load).toHaveBeenCalledTimes(1);
      expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['later', 'behind']);
      expect(await db.outbox.count()).toBe(0);
    });

    it('are not loaded by a flush with nothing queued, nor by entries their absence does not stop', async () => {
      const load = vi.fn(async () => undefined);
      loadHandlersWith(load);
      expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 0 });
      await note(1, 'known');
      expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: 1 });
      expect(load).not.toHaveBeenCalled();
      // An op that no handler knows once they are loaded stays queued, as before.
      await commandTransaction([], () => enqueue('from.the.future', { x: 1 }, []));
      expect((await flushOutbox()).outcome).toBe('stalled');
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('whose code could not be fetched leave the entry queued to try again, with the loader kept', async () => {
      await commandTransaction([], () => enqueue('test.fetched-later', { orgId: 8, first_name: 'retried' }, []));
      let fetched = false;
      loadHandlersWith(async () => {
        if (!fetched) throw new TypeError('Failed to fetch dynamically imported module');
        registerOp<NoteArgs, Member>('test.fetched-later', { send: (args, key) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey: key, scope: null }) });
      });
      expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
      expect(await db.outbox.toArray()).toMatchObject([{ op: 'test.fetched-later', status: 'pending', attempts: 1 }]);
      fetched = true;
      expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
      expect(fake.api.requests).toHaveLength(1);
    });
  });

  it('does nothing while signed out', async () => {
    await note(1, 'a');
    await signedOutLocally();
    expect((await flushOutbox()).outcome).toBe('signed-out');
    expect(fake.api.requests).toHaveLength(0);
  });

  it('replays a queue longer than one batch in order, each answer applied, and nothing left sending', async () => {
    const count = REPLAY_BATCH + 10;
    for (let i = 1; i <= count; i += 1) await note(i, `n${i}`);
    expect(await flushOutbox()).toMatchObject({ outcome: 'idle', sent: count });
    expect(fake.api.requests.map((request) => (request.body as NoteArgs).orgId)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect((await db.members.toArray()).every((row) => row.first_name.endsWith('(server)'))).toBe(true);
    expect(await getStatus()).toMatchObject({ pending: 0, online: true });
  });

  it('puts the entries it had read back to pending when the network fails part-way', async () => {
    for (let i = 1; i <= 5; i += 1) await note(i, `n${i}`);
    fake.api.handle((request) => ((request.body as NoteArgs).orgId === 3 ? { status: 503, body: { message: 'Down', code: 'unavailable' } } : echo(request)));
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 2 });
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => [(entry.args as NoteArgs).orgId, entry.status])).toEqual([
      [3, 'pending'], [4, 'pending'], [5, 'pending'],
    ]);
    expect(await getStatus()).toMatchObject({ pending: 3 });
  });

  it('gives a handler the entries behind it that touch a row, off the index, and none before it', async () => {
    const seen: string[][] = [];
    registerOp<NoteArgs, Member>('test.peek', {
      send: (args, idempotencyKey) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey, scope: null }),
      onSuccess: async (_result, args, context) => {
        seen.push((await context.laterTouching(`members:${args.orgId}`)).map((entry) => (entry.args as NoteArgs).first_name));
      },
    });
    await note(1, 'before');
    await commandTransaction([db.members], () => enqueue('test.peek', { orgId: 1, first_name: 'peek' }, ['members:1']));
    await note(2, 'other row');
    await note(1, 'after');
    await flushOutbox();
    expect(seen).toEqual([['after']]);
  });

  it('reads the entries behind an op that rewrites them again before sending them', async () => {
    registerOp<NoteArgs, Member>('test.rename', {
      send: (args, idempotencyKey) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey, scope: null }),
      rewritesLater: true,
      onSuccess: async (_result, args, context) => {
        for (const entry of await context.laterTouching(`members:${args.orgId}`)) {
          await db.outbox.update(entry.seq!, { args: { ...entry.args, first_name: 'renamed' } });
        }
      },
    });
    await commandTransaction([db.members], () => enqueue('test.rename', { orgId: 5, first_name: 'rename' }, ['members:5']));
    await note(5, 'stale');
    await flushOutbox();
    expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['rename', 'renamed']);
  });

  describe('an op that names the rows it rewrites by', () => {
    const rewritten: string[] = [];
    beforeEach(() => {
      rewritten.length = 0;
      registerOp<NoteArgs, Member>('test.make', {
        send: (args, idempotencyKey) => apiRequest<Member>('POST', '/notes', { body: args, idempotencyKey, scope: null }),
        rewritesLater: true,
        rewrites: (args) => [`members:${args.orgId}`],
        onSuccess: async (_result, args, context) => {
          const key = typeof args.asks === 'string' ? args.asks : `members:${args.orgId}`;
          for (const entry of await context.laterTouching(key)) {
            rewritten.push(key);
            await db.outbox.update(entry.seq!, { args: { ...entry.args, first_name: 'made' } });
          }
        },
      });
    });
    const make = (orgId: number, extra: Record<string, unknown> = {}) =>
      commandTransaction([db.members], () => enqueue('test.make', { orgId, first_name: `make ${orgId}`, ...extra }, [`members:${orgId}`]));

    it('keeps the batch it read when none of its entries touches those rows: the queue is read once', async () => {
      for (const orgId of [1, 2, 3]) await make(orgId);
      const reads = vi.spyOn(db.outbox, 'bulkPut');
      try {
        expect((await flushOutbox()).sent).toBe(3);
        // Each success once read the queue again before the next send (and marked it 'sending').
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        reads.mockRestore();
      }
      expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['make 1', 'make 2', 'make 3']);
      expect(await db.outbox.count()).toBe(0);
    });

    it('reads the batch again when an entry in it touches one of those rows, and sends it rewritten', async () => {
      await make(1);
      await make(2);
      await note(1, 'stale');
      await flushOutbox();
      expect(fake.api.requests.map((request) => (request.body as NoteArgs).first_name)).toEqual(['make 1', 'make 2', 'made']);
      expect(rewritten).toEqual(['members:1']);
    });

    it('is held to them: asking for entries touching another row fails its write, and the entry stays queued', async () => {
      await make(1, { asks: 'members:9' });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const result = await flushOutbox();
        expect(result.outcome).toBe('retry');
      } finally {
        warn.mockRestore();
      }
      expect(await db.outbox.count()).toBe(1);
      expect((await getStatus()).lastError).toMatch(/members:9.*not among the rows this op rewrites by/);
    });
  });

  it('does not bring back rows when the device was wiped while a write was in flight', async () => {
    await note(1, 'a');
    fake.api.handle(async (request) => {
      await db.transaction('rw', db.members, db.outbox, async () => {
        await db.members.clear();
        await db.outbox.clear();
      });
      return echo(request);
    });
    expect((await flushOutbox()).sent).toBe(0);
    expect(await db.members.count()).toBe(0);
  });
});

describe('profile.update command', () => {
  it('shows the change at once and replaces it with the server answer', async () => {
    await updateProfile({ first_name: 'Lexi' });
    expect(await db.profiles.get(1)).toMatchObject({ first_name: 'Lexi', full_name: 'Lexi Example' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'profile.update', args: { profileId: 1, changes: { first_name: 'Lexi' }, previous: { first_name: 'Alex' } }, touches: ['profiles:1'] });

    fake.api.handle(() => ({ body: makeProfile(1, { first_name: 'Lexi', full_name: 'Lexi From Server' }) }));
    await flushOutbox();
    expect(fake.api.requests[0]).toMatchObject({ method: 'PUT', path: '/profile', body: { profile: { first_name: 'Lexi' } } });
    expect((await db.profiles.get(1))?.full_name).toBe('Lexi From Server');
  });

  it('keeps edits still queued visible over an earlier answer', async () => {
    await updateProfile({ first_name: 'Lexi' });
    await updateProfile({ locale: 'fr' });
    let served = makeProfile(1);
    fake.api.handle((request) => {
      served = { ...served, ...(request.body as { profile: Partial<Profile> }).profile };
      // The second write is still "in flight" when we look at the row in between.
      return { body: served, delayMs: served.locale === 'fr' ? 30 : 0 };
    });
    const flushing = flushOutbox();
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(await db.profiles.get(1)).toMatchObject({ first_name: 'Lexi', locale: 'fr' });
    await flushing;
    expect(await db.profiles.get(1)).toMatchObject({ first_name: 'Lexi', locale: 'fr' });
  });

  it('undoes a rejected edit and leaves the server message as a notice', async () => {
    await updateProfile({ locale: 'xx' });
    expect((await db.profiles.get(1))?.locale).toBe('xx');
    fake.api.handle(() => ({ status: 422, body: { message: 'Locale must be one of en, fr.', code: 'validation_failed' } }));
    await flushOutbox();
    expect((await db.profiles.get(1))?.locale).toBe('en');
    expect((await db.notices.toArray()).map((notice) => [notice.op, notice.message])).toEqual([['profile.update', 'Locale must be one of en, fr.']]);
  });

  it('on rejection, a later queued edit of the same field keeps its value and inherits the undo', async () => {
    await updateProfile({ locale: 'xx', first_name: 'Lexi' });
    await updateProfile({ locale: 'fr' });
    fake.api.handle((request) =>
      (request.body as { profile: Partial<Profile> }).profile.locale === 'xx'
        ? { status: 422, body: { message: 'Invalid', code: 'validation_failed' } }
        : { status: 503, body: { message: 'Busy', code: 'unavailable' } },
    );
    await flushOutbox();
    // first_name undone, locale stays 'fr' (still queued), and that entry would now restore 'en'.
    expect(await db.profiles.get(1)).toMatchObject({ first_name: 'Alex', locale: 'fr' });
    expect((await db.outbox.toArray()).map((entry) => entry.args)).toEqual([{ profileId: 1, changes: { locale: 'fr' }, previous: { locale: 'en' } }]);
  });

  it('keeps the accounts an organisation op still queued behind it changed', async () => {
    profile = makeProfile(1, { accounts: [makeAccount(1), makeAccount(2)] });
    await signedInLocally(profile);
    await updateProfile({ first_name: 'Lexi' });
    await setOrgVisible(2, false);
    fake.api.handle((request) =>
      request.path === '/profile' ? { body: makeProfile(1, { first_name: 'Lexi', accounts: [makeAccount(1), makeAccount(2)] }) } : { status: 503, body: { message: 'Busy', code: 'unavailable' } },
    );
    await flushOutbox();
    const stored = await db.profiles.get(1);
    expect(stored?.first_name).toBe('Lexi');
    expect(stored?.accounts.find((account) => account.org.id === 2)?.hidden_at).not.toBeNull();
  });

  it('refuses when nobody is signed in', async () => {
    await db.meta.delete('auth');
    await expect(updateProfile({ locale: 'fr' })).rejects.toThrow('Not signed in');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('registerCommandOps / flushForSyncEvent', () => {
  it('registers every command op', () => {
    expect([PROFILE_UPDATE, MEMBER_UPDATE, ORG_VISIBILITY].every(hasOp)).toBe(true);
  });

  it('rejects while writes wait, so the browser schedules another background sync', async () => {
    await note(1, 'a');
    fake.api.handle(() => ({ status: 503, body: { message: 'Busy', code: 'unavailable' } }));
    await expect(flushForSyncEvent()).rejects.toThrow(/retry later/);
    fake.api.handle(echo);
    await expect(flushForSyncEvent()).resolves.toMatchObject({ outcome: 'idle', sent: 1 });
  });
});

describe('sync status row', () => {
  it('is a Dexie row kept current', async () => {
    await note(1, 'a');
    const row = (await db.meta.get('status')) as SyncStatus;
    expect(row).toMatchObject({ key: 'status', pending: 1 });
  });
});
