import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/contract/types';
import { ALEX, json, useSignedInServer } from '../testing/helpers';
import { facilityHeaders, wod } from '../testing/training-helpers';

// Request bodies: the size limit and what follows it on the same connection.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A minimal keep-alive HTTP/1.1 client: reuses its connection unless the answer said Connection: close. */
class PooledClient {
  private socket: net.Socket | null = null;
  constructor(private readonly url: string) {}

  request(raw: string, timeoutMs = 3000): Promise<Answer> {
    const { hostname, port } = new URL(this.url);
    const socket = (this.socket ??= net.connect(Number(port), hostname));
    return new Promise((resolve, reject) => {
      let data = Buffer.alloc(0);
      const timer = setTimeout(() => finish(new Error('no answer on the pooled connection')), timeoutMs);
      const finish = (error: Error | null, answer?: Answer) => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        if (error) reject(error);
        else if (answer) resolve(answer);
      };
      const onClose = () => finish(new Error('connection closed before an answer'));
      const onData = (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        const head = data.indexOf('\r\n\r\n');
        if (head < 0) return;
        const lines = data.subarray(0, head).toString('latin1').split('\r\n');
        const headers: http.IncomingHttpHeaders = {};
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (data.length < head + 4 + length) return;
        if (headers.connection === 'close') this.socket = null;
        finish(null, { status: Number(lines[0]?.split(' ')[1]), headers, body: data.subarray(head + 4, head + 4 + length).toString('utf8') });
      };
      socket.on('data', onData);
      socket.on('close', onClose);
      socket.on('error', () => undefined);
      socket.write(raw);
    });
  }

  close(): void {
    this.socket?.destroy();
  }
}

/**
 * Sends a request whose body is far over the limit the way many HTTP/1.1 clients do: the headers,
 * then the whole body as fast as the connection takes it (Content-Length or chunked), and only
 * then reads the answer; resolves once the server closes with the status line's code (null: the
 * answer was lost, as when the server resets the connection while the body is still coming) and
 * how much of the body could be sent.
 */
function sendHugeBody(url: string, target: string, totalBytes: number, chunked: boolean): Promise<{ status: number | null; sent: number }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const piece = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    let sent = 0;
    const send = () => {
      while (sent < totalBytes && !socket.destroyed) {
        const size = Math.min(piece.length, totalBytes - sent);
        sent += size;
        const data = chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece.subarray(0, size), Buffer.from('\r\n')]) : piece.subarray(0, size);
        if (!socket.write(data)) return socket.once('drain', send);
      }
      if (sent < totalBytes || socket.destroyed) return;
      socket.write(chunked ? '0\r\n\r\n' : '', () => socket.resume());
    };
    socket.pause();
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received.toString('latin1'));
      resolve({ status: status ? Number(status[1]) : null, sent });
    });
    socket.setTimeout(15_000, () => socket.destroy());
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${totalBytes}`;
    socket.write(`POST ${target} HTTP/1.1\r\nHost: x\r\nX-App-Id: member-pwa\r\nContent-Type: application/json\r\n${length}\r\n\r\n`, send);
  });
}

describe('request bodies', () => {
  const ctx = useSignedInServer(ALEX);

  it('answers a body over the limit with 413 and Connection: close, so a pooled client\'s next request succeeds', async () => {
    const client = new PooledClient(ctx.server.url);
    try {
      // Headers announce 200 KB; the client stops sending once the early 413 arrives (RFC 9112 §9.5).
      const refused = await client.request(`POST /api/v1/authentication HTTP/1.1\r\nHost: x\r\nX-App-Id: member-pwa\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n${' '.repeat(1000)}`);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'payload_too_large' });
      // The next request: on the same connection if the ctx.server said keep-alive, else on a new one.
      const next = await client.request('GET /api/v1/timezones HTTP/1.1\r\nHost: x\r\nX-App-Id: member-pwa\r\n\r\n');
      expect(next.status).toBe(200);
    } finally {
      client.close();
    }
    expect((await ctx.member.get('/api/v1/profile')).status).toBe(200);
  });

  it('keeps an idle keep-alive connection open past Node\'s 5 s (closed by 6 s), so a pooled client\'s next request is answered', async () => {
    const client = new PooledClient(ctx.server.url);
    try {
      const get = 'GET /api/v1/timezones HTTP/1.1\r\nHost: x\r\nX-App-Id: member-pwa\r\n\r\n';
      expect((await client.request(get)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 7000));
      expect((await client.request(get)).status).toBe(200);
    } finally {
      client.close();
    }
  });

  it('lets a client sending a 20 MB body finish and read the 413, with Content-Length or chunked, every time', async () => {
    const targets = ['/api/v1/authentication', '/uploads/avatar', '/admin/posts', '/realtime'];
    const statuses: Record<string, (number | null)[]> = {};
    for (let round = 0; round < 6; round++) {
      for (const target of targets) {
        for (const chunked of [false, true]) {
          const key = `${target} ${chunked ? 'chunked' : 'Content-Length'}`;
          (statuses[key] ??= []).push((await sendHugeBody(ctx.server.url, target, 20 * 1024 * 1024, chunked)).status);
        }
      }
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((key) => [key, Array(6).fill(413)])));
    // What is read and thrown away is bounded: 200 MB are not all taken.
    expect((await sendHugeBody(ctx.server.url, '/api/v1/authentication', 200 * 1024 * 1024, false)).sent).toBeLessThan(120 * 1024 * 1024);
    expect((await ctx.member.get('/api/v1/profile')).status).toBe(200);
  }, 120_000);

  // Built as text: JSON.stringify itself overflows the stack on such values.
  const nested = (depth: number, leaf = '"wod"') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
  const withValue = (body: unknown, key: string, raw: string) => JSON.stringify(body).replace(`"${key}":"@"`, `"${key}":${raw}`);

  it('refuses deeply nested JSON with a clean 422 on every body reader, never a 500', async () => {
    const wellington = await facilityHeaders(ctx.server.running.db, 'Wellington');
    const probes: [string, string, string, Record<string, string>][] = [
      // readBody of /workouts, then the invalid-type message of the deep value
      ['POST', '/api/v1/workouts', withValue({ workout: wod({ type: '@' }) }, 'type', nested(20_000)), wellington],
      // readJson
      ['PUT', '/api/v1/profile', `{"first_name":${nested(20_000)}}`, {}],
      ['POST', '/api/v1/authentication', `{"email":"a@example.com","password":"x","extra":${'['.repeat(30_000)}${']'.repeat(30_000)}}`, {}],
      // readOptionalJson
      ['POST', '/api/v1/sessions/1/book', `{"visit":${nested(20_000, '{}')}}`, {}],
    ];
    for (const [method, path, body, headers] of probes) {
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await ctx.member.request(path, { method, body, headers: { ...headers, 'Content-Type': 'application/json' } });
      expect(res.status, path).toBe(422);
      expect(await json<ApiErrorBody>(res), path).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/nested too deeply/) as string });
    }
    // The admin notification's params: depth bound first, and the size check never throws.
    const res = await fetch(`${ctx.server.url}/admin/notifications`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ctx.server.running.adminToken}`, 'Content-Type': 'application/json' },
      body: `{"email":"${ALEX}","type":"post","message":"Deep","params":{"a":${nested(20_000)}}}`,
    });
    expect(res.status).toBe(422);
    // Ordinary nesting still passes.
    const fine = await ctx.member.request('/api/v1/workouts', { method: 'POST', json: { workout: wod({ type: [[[['wod']]]] }) }, headers: wellington });
    expect(fine.status).toBe(422);
    expect(await json<ApiErrorBody>(fine)).toMatchObject({ code: 'invalid_workout_type' });
  });
});
