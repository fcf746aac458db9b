// Outbox replay in Debian's Chromium against the built app and the real server on loopback: 500
// writes of one kind queued while offline, sent when the device comes back online (FIFO, one
// flusher, each with its Idempotency-Key), timed from the online event until the queue is empty.
// The reference, in the same page and run: the same 500 requests (method, URL, headers, body, a
// fresh key each) sent one after another with fetch. Two kinds (KINDS): profile edits, and lifts
// logged, whose replay maps each temporary id to the server's. Each kind's first entry is made by
// the app's own Save offline; the others are copies of it with their own values and key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { startServer } from '../server/app';
import { goOffline, goOnline } from '../e2e/support/network';
import type { BenchLine } from './bundle';
import { memberBrowser, signIn, summarise, waitForEmptyStore } from './browser';

export const REPLAY_WRITES = 500;
/** The target: under 6 s, and within 1.3x of sending the same requests raw. */
export const REPLAY_BUDGET_MS = 6_000;
export const REPLAY_RATIO_BUDGET = 1.3;
/** Each run sends the queue and then the same requests raw, back to back: its ratio is paired. */
const RUNS = Number(process.env.OUTBOX_REPLAY_RUNS ?? 7);

interface Captured {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A kind of write the outbox replays: made once by the app itself, offline, through its screens
 * (its entry and its request carry `marker`), then copied, each copy's marker replaced by
 * `variant(run, i)`, so each copy is a write of its own.
 */
interface WriteKind {
  /** How the bench lines name these writes. */
  name: string;
  marker: string;
  variant: (run: number, i: number) => string;
  /** Opens what the write needs while online (its screen's data on the device). */
  prepare(page: Page): Promise<void>;
  /** Makes the write offline and waits until the app has queued it. */
  queue(page: Page, marker: string): Promise<void>;
  /**
   * A write that creates a row under a temporary id: the store of that row, and the entry's arg
   * holding the id (its touch is `<store>:<id>`). Each copy gets an id of its own.
   */
  created?: Created;
}

interface Created {
  store: string;
  idArg: string;
}

const KINDS: WriteKind[] = [
  {
    name: 'edits',
    marker: '+64 21 555 0000',
    variant: (run, i) => `+64 22 ${run} ${String(i).padStart(4, '0')}`,
    prepare: async (page) => {
      await page.goto('/profile/edit');
      await page.getByLabel('Phone').waitFor();
    },
    queue: async (page, marker) => {
      await page.getByLabel('Phone').fill(marker);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/profile$/);
    },
  },
  {
    // A lift logged on the device: its create gets a temporary id, which the replay maps to the
    // server's (an alias row, the row itself replaced), more work per write than an edit.
    name: 'workouts logged',
    marker: 'Bench lift',
    variant: (run, i) => `Bench lift ${run}-${i}`,
    prepare: async (page) => {
      // The movement catalogue is on the device once the form has been opened online.
      await page.goto('/training/workouts/new/lift');
      await page.getByTestId('lift-movement').locator('option', { hasText: 'Back Squat' }).waitFor({ state: 'attached' });
    },
    queue: async (page, marker) => {
      await page.getByTestId('lift-movement').selectOption({ label: 'Back Squat' });
      await page.getByTestId('lift-scheme').fill('5x5');
      const sets = page.getByTestId('set-row');
      await sets.nth(4).waitFor();
      for (let i = 0; i < 5; i += 1) await sets.nth(i).getByTestId('set-weight').fill('100');
      await page.getByLabel('Notes').fill(marker);
      await page.getByTestId('save-workout').click();
      await page.waitForURL(/\/training\/workouts\/lift\/-\d+$/);
    },
    created: { store: 'workouts', idArg: 'workoutId' },
  },
];

/**
 * Fills the outbox with copies of the kind's queued entry (window.__template), each with its own
 * id and its marker's variant. A created row's copy gets its own temporary id, in its entry, its
 * touch and its row on the device (window.__row), as the app files them: the `first`-th after the
 * app's own, and on (each run's its own, as the app never hands out one twice).
 */
function fillOutbox(page: Page, kind: WriteKind, variants: string[], first: number): Promise<void> {
  return page.evaluate(
    async ({ marker, created, variants, first }) => {
      const open = indexedDB.open('member-pwa');
      const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const held = window as unknown as { __template: Record<string, unknown> & { args: Record<string, unknown> }; __row?: Record<string, unknown> & { id: number } };
      const template = JSON.stringify(held.__template);
      const row = held.__row;
      const tx = db.transaction(created && row ? ['outbox', created.store] : ['outbox'], 'readwrite');
      for (const [i, variant] of variants.entries()) {
        const entry = JSON.parse(template.split(marker).join(variant)) as Record<string, unknown> & { args: Record<string, unknown> };
        if (created && row) {
          const temp = row.id - 1 - first - i;
          entry.args = { ...entry.args, [created.idArg]: temp };
          entry.touches = [`${created.store}:${temp}`];
          tx.objectStore(created.store).put(JSON.parse(JSON.stringify({ ...row, id: temp }).split(marker).join(variant)));
        }
        Object.assign(entry, { id: crypto.randomUUID(), status: 'pending', attempts: 0 });
        delete entry.seq;
        tx.objectStore('outbox').add(entry);
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { marker: kind.marker, created: kind.created, variants, first },
  );
}

/**
 * Announces the device online (the app's trigger flushes) and times until the outbox is empty.
 * The queue is counted when Dexie announces a change to the outbox (its BroadcastChannel, which
 * every committed write posts to), and every 250 ms in case that name changes: a count every
 * 10 ms had put a transaction of the bench's own between the flusher's writes 100 times a second.
 */
function timeReplay(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('member-pwa');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const count = () =>
      new Promise<number>((resolve) => {
        const request = db.transaction('outbox').objectStore('outbox').count();
        request.onsuccess = () => resolve(request.result);
      });
    const mutations = new BroadcastChannel('x-storagemutated-1');
    const started = performance.now();
    const emptied = new Promise<number>((resolve) => {
      let done = false;
      const check = () => {
        if (done) return;
        void count().then((left) => {
          if (left > 0 || done) return;
          done = true;
          resolve(performance.now());
        });
      };
      mutations.onmessage = (event: MessageEvent) => {
        if (Object.keys((event.data ?? {}) as object).some((part) => part.includes('/outbox/'))) check();
      };
      const poll = setInterval(() => (done ? clearInterval(poll) : check()), 250);
    });
    window.dispatchEvent(new Event('online'));
    const elapsed = (await emptied) - started;
    mutations.close();
    db.close();
    return elapsed;
  });
}

/**
 * OUTBOX_REPLAY_PROFILE=<prefix>: the last run's replay and raw sends are recorded with the CDP
 * profiler into <prefix>-replay.cpuprofile and <prefix>-raw.cpuprofile (open them in DevTools;
 * dist's hidden source maps name the functions).
 */
async function profiled<T>(page: Page, file: string | null, timed: () => Promise<T>): Promise<T> {
  if (!file) return timed();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const value = await timed();
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  await cdp.detach();
  return value;
}

/** The same requests sent raw, one after another, from the page, each with its marker's variant. */
function timeRaw(page: Page, request: Captured, marker: string, variants: string[]): Promise<number> {
  return page.evaluate(
    async ({ request, marker, variants }) => {
      const started = performance.now();
      for (const [i, variant] of variants.entries()) {
        const response = await fetch(request.url, {
          method: request.method,
          headers: { ...request.headers, 'Idempotency-Key': crypto.randomUUID() },
          body: request.body.split(marker).join(variant),
          credentials: 'same-origin',
        });
        if (!response.ok) throw new Error(`raw request ${i}: HTTP ${response.status}`);
        await response.arrayBuffer();
      }
      return performance.now() - started;
    },
    { request, marker, variants },
  );
}

/** One kind's runs: its write made by the app, then each run's queue replayed and sent raw. */
async function measureKind(page: Page, context: BrowserContext, kind: WriteKind): Promise<BenchLine[]> {
  await kind.prepare(page);
  // One real queued write, made by the app offline.
  await goOffline(context);
  await kind.queue(page, kind.marker);
  await page.evaluate(async ({ marker, created }) => {
    const open = indexedDB.open('member-pwa');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const read = <T,>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    // A Save may queue more than the write itself (the profile's with the member's edit).
    const all = await read<{ args?: Record<string, unknown> }>('outbox');
    const entry = all.find((queued) => JSON.stringify(queued).includes(marker));
    if (!entry) throw new Error(`no queued write with "${marker}" among ${all.length}`);
    const held = window as unknown as { __template: unknown; __row?: unknown };
    held.__template = entry;
    const temp = created && entry.args?.[created.idArg];
    held.__row = created ? (await read<{ id: number }>(created.store)).find((row) => row.id === temp) : undefined;
    db.close();
  }, { marker: kind.marker, created: kind.created });
  // Its request, as the app sends it, is the template of the raw reference.
  const sent = page.waitForRequest((request: Request) => request.url().includes('/api/v1/') && request.method() !== 'GET' && (request.postData() ?? '').includes(kind.marker));
  await goOnline(context);
  const first = await sent;
  await waitForEmptyStore(page, 'outbox');
  const headers = await first.allHeaders();
  const captured: Captured = {
    method: first.method(),
    url: first.url(),
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => /^(content-type|x-|accept$)/i.test(name) && !/idempotency/i.test(name))),
    body: first.postData() ?? '{}',
  };

  const replays: number[] = [];
  const raws: number[] = [];
  const profile = process.env.OUTBOX_REPLAY_PROFILE || null;
  const variants = (run: number, offset: number) => Array.from({ length: REPLAY_WRITES }, (_, i) => kind.variant(run, offset + i));
  for (let run = 0; run < RUNS; run += 1) {
    const last = profile !== null && run === RUNS - 1;
    const file = (part: string) => (last ? `${profile}-${kind.name.replace(/\W+/g, '-')}-${part}.cpuprofile` : null);
    await fillOutbox(page, kind, variants(run, 0), run * REPLAY_WRITES);
    replays.push(await profiled(page, file('replay'), () => timeReplay(page)));
    raws.push(await profiled(page, file('raw'), () => timeRaw(page, captured, kind.marker, variants(run, REPLAY_WRITES))));
  }
  const raw = summarise(raws);
  const replay = summarise(replays);
  // This machine is shared: a run's replay and raw sends see the same load, runs do not.
  const ratios = summarise(replays.map((value, i) => value / raws[i]!));
  const what = `${REPLAY_WRITES} queued ${kind.name}`;
  return [
    { name: `outbox replay in Chromium, ${what}`, unit: 'ms', ...replay, runs: RUNS, reference: { name: `${REPLAY_WRITES} sequential fetches from the page`, value: raw.value }, budget: REPLAY_BUDGET_MS },
    { name: `outbox replay per write, ${kind.name}`, unit: 'ms', value: replay.value / REPLAY_WRITES, reference: { name: 'per raw fetch', value: raw.value / REPLAY_WRITES }, budget: (raw.value / REPLAY_WRITES) * REPLAY_RATIO_BUDGET },
    // Issue 30's figure, enforced for each kind: a paired ratio, each run's two halves under the same load.
    { name: `outbox replay / raw fetches, same run, ${kind.name}`, unit: 'x', ...ratios, runs: RUNS, budget: REPLAY_RATIO_BUDGET, enforced: true },
  ];
}

export async function outboxReplayReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const context = await memberBrowser(dir, { baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
  try {
    // tsx keeps function names with a __name helper that page.evaluate bodies do not carry.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await signIn(page);
    const lines: BenchLine[] = [];
    for (const kind of KINDS) lines.push(...(await measureKind(page, context, kind)));
    return lines;
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
