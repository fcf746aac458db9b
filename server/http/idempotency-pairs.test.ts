// The same write twice at once with one Idempotency-Key, for every write the app's outbox replays
// (server/testing/outbox-writes.ts): a copy sent while the first is still under way (the service
// worker taking the queue over as a tab closes mid-send) must get the first's answer, never a
// refusal by the write's own rules. On SQLite and, under npm run test:pg, PostgreSQL, where the
// copies are held at Alex's row lock until both are under way. Two processes: server/scale-out.test.ts.
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../db/index';
import { ALEX, useSignedInServer } from '../testing/helpers';
import { OUTBOX_WRITES, overlapping } from '../testing/outbox-writes';

describe('one write sent twice at once with one Idempotency-Key', () => {
  const ctx = useSignedInServer(ALEX);

  it.each(OUTBOX_WRITES.map((write) => [write.op, write] as const))('%s: done once, both copies get the same answer', async (_op, write) => {
    const db = ctx.server.running.db;
    const prepared = await write.prepare({ db, member: ctx.member });
    const headers = { ...prepared.headers, 'Idempotency-Key': crypto.randomUUID() };
    const copy = () => ctx.member.request(prepared.path, { method: prepared.method, ...(prepared.body !== undefined && { json: prepared.body }), headers });
    const answers = await overlapping(db, onPostgres(db), [copy, copy]);
    const [first, second] = await Promise.all(answers.map(async (res) => ({ status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() })));
    expect(first!.status, first!.text).toBeLessThan(300);
    expect(second).toMatchObject({ status: first!.status, text: first!.text });
    expect([first!.replayed, second!.replayed].filter((r) => r === 'true')).toHaveLength(1);
    await prepared.once(first!.text === '' ? null : JSON.parse(first!.text));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two writes of one member with different keys at once (PostgreSQL)', () => {
  const ctx = useSignedInServer(ALEX);

  // Each claims its key first, which reads the member's row (the key's foreign key) before the
  // write locks it to decide: the two must then wait for each other in turn, not deadlock (which
  // PostgreSQL only notices after its deadlock_timeout of 1 s, and then aborts one).
  it('books two classes: both answered at once, neither waits for deadlock detection', async () => {
    const db = ctx.server.running.db;
    const [one, two] = [await OUTBOX_WRITES[0]!.prepare({ db, member: ctx.member }), await OUTBOX_WRITES[0]!.prepare({ db, member: ctx.member })];
    const send = (write: typeof one) => ctx.member.request(write.path, { method: write.method, json: write.body, headers: { ...write.headers, 'Idempotency-Key': crypto.randomUUID() } });
    const started = performance.now();
    const answers = await overlapping(db, true, [() => send(one), () => send(two)]);
    const took = performance.now() - started;
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(took).toBeLessThan(800);
  });
});
