// Outbox replay in Debian's Chromium against the built app and the real server on loopback: 500
// profile edits queued while offline, sent when the device comes back online (FIFO, one flusher,
// each with its Idempotency-Key), timed from the online event until the queue is empty. The
// reference, in the same page and run: the same 500 requests (method, URL, headers, body, a fresh
// key each) sent one after another with fetch. The first entry is made by the app's own Save
// offline; the other 499 are copies of it with their own phone number and key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import { startServer } from '../server/app';
import { chromiumPath } from '../e2e/chromium';
import { goOffline, goOnline } from '../e2e/support/network';
import type { BenchLine } from './bundle';
import { CHROMIUM_ARGS, signIn, summarise, waitForEmptyStore } from './browser';

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

/** Fills the outbox with copies of its one queued entry, each with its own id and phone. */
function fillOutbox(page: Page, count: number, run: number): Promise<void> {
  return page.evaluate(
    async ({ count, run }) => {
      const open = indexedDB.open('member-pwa');
      const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const template = (window as unknown as { __template: Record<string, unknown> & { args: Record<string, unknown> } }).__template;
      const tx = db.transaction('outbox', 'readwrite');
      for (let i = 0; i < count; i += 1) {
        const entry: Record<string, unknown> = { ...template, id: crypto.randomUUID(), args: { ...template.args, phone: `+64 21 ${run} ${String(i).padStart(4, '0')}` }, status: 'pending', attempts: 0 };
        delete entry.seq;
        tx.objectStore('outbox').add(entry);
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { count, run },
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

/** The same requests sent raw, one after another, from the page. */
function timeRaw(page: Page, request: Captured, count: number, run: number): Promise<number> {
  return page.evaluate(
    async ({ request, count, run }) => {
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        const member = { ...(body.member as Record<string, unknown>), phone: `+64 22 ${run} ${String(i).padStart(4, '0')}` };
        const response = await fetch(request.url, {
          method: request.method,
          headers: { ...request.headers, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ ...body, member }),
          credentials: 'same-origin',
        });
        if (!response.ok) throw new Error(`raw request ${i}: HTTP ${response.status}`);
        await response.arrayBuffer();
      }
      return performance.now() - started;
    },
    { request, count, run },
  );
}

export async function outboxReplayReport(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
  const server = await startServer({ port: 0, databaseFile: join(dir, 'bench.sqlite'), seedDemo: true, distDir: 'dist' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
    // tsx keeps function names with a __name helper that page.evaluate bodies do not carry.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/profile/edit');
    await page.getByLabel('Phone').waitFor();

    // One real queued edit, made by the app offline.
    await goOffline(context);
    await page.getByLabel('Phone').fill('+64 21 555 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/profile$/);
    await page.evaluate(async () => {
      const open = indexedDB.open('member-pwa');
      const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const all = await new Promise<unknown[]>((resolve) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result);
      });
      // The Save queues the member's edit (the phone) and may queue the profile's too.
      const edit = all.find((entry) => JSON.stringify(entry).includes('555 0000'));
      if (!edit) throw new Error(`no queued edit with the phone among ${all.length}`);
      (window as unknown as { __template: unknown }).__template = edit;
      db.close();
    });
    // Its request, as the app sends it, is the template of the raw reference.
    const sent = page.waitForRequest((request: Request) => request.url().includes('/api/v1/') && request.method() !== 'GET' && (request.postData() ?? '').includes('555 0000'));
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
    for (let run = 0; run < RUNS; run += 1) {
      const last = profile !== null && run === RUNS - 1;
      await fillOutbox(page, REPLAY_WRITES, run);
      replays.push(await profiled(page, last ? `${profile}-replay.cpuprofile` : null, () => timeReplay(page)));
      raws.push(await profiled(page, last ? `${profile}-raw.cpuprofile` : null, () => timeRaw(page, captured, REPLAY_WRITES, run)));
    }
    const raw = summarise(raws);
    const replay = summarise(replays);
    // This machine is shared: a run's replay and raw sends see the same load, runs do not.
    const ratios = summarise(replays.map((value, i) => value / raws[i]!));
    return [
      { name: `outbox replay in Chromium, ${REPLAY_WRITES} queued edits`, unit: 'ms', ...replay, runs: RUNS, reference: { name: `${REPLAY_WRITES} sequential fetches from the page`, value: raw.value }, budget: REPLAY_BUDGET_MS },
      { name: 'outbox replay per write', unit: 'ms', value: replay.value / REPLAY_WRITES, reference: { name: 'per raw fetch', value: raw.value / REPLAY_WRITES }, budget: (raw.value / REPLAY_WRITES) * REPLAY_RATIO_BUDGET },
      { name: 'outbox replay / raw fetches, same run', unit: 'x', ...ratios, runs: RUNS, budget: REPLAY_RATIO_BUDGET },
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
