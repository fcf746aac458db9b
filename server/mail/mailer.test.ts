// The Mailer's two transports: SMTP through nodemailer (SMTP_URL), checked against a minimal SMTP
// server on loopback that records the conversation, and the development mailbox (.eml files, links
// printed) that a fresh install and the other server tests use.
import { createServer, type Server } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

/** Just enough SMTP to accept one message at a time (no STARTTLS, no AUTH offered). */
function fakeSmtp(): Promise<{ server: Server; port: number; sessions: string[] }> {
  const sessions: string[] = [];
  const server = createServer((socket) => {
    let transcript = '';
    let pending = '';
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      transcript += chunk;
      // Whole lines only: a chunk may end mid-line.
      const lines = (pending + chunk).split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('502 not here\r\n');
      }
    });
    socket.on('close', () => sessions.push(transcript));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, sessions })));
}

describe('mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mailer-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sends through the SMTP server named by SMTP_URL', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: join(dir, 'unused'), from: 'Member app <no-reply@example.com>' });
      await mailer.send({ to: 'kai@example.com', subject: 'Lähtesta oma parool', text: 'Tere, Kai!\nhttps://app.example/password_reset/abc' });
      await expect.poll(() => smtp.sessions.length).toBe(1);
      const [session] = smtp.sessions;
      expect(session).toMatch(/MAIL FROM:<no-reply@example\.com>/);
      expect(session).toMatch(/RCPT TO:<kai@example\.com>/);
      expect(session).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(session).toContain('https://app.example/password_reset/abc');
      // Nothing in the development mailbox.
      expect(await readdir(join(dir, 'unused')).catch(() => [])).toEqual([]);
    } finally {
      smtp.server.close();
    }
  });

  it('without SMTP_URL writes each message as an .eml file and prints its links', async () => {
    const lines: string[] = [];
    const mailDir = join(dir, 'mail');
    const mailer = createMailer({ mailDir, from: 'Member app <no-reply@example.com>', log: (line) => lines.push(line) });
    await mailer.send({ to: 'sam@example.com', subject: 'Reset your password', text: 'Hi Sam,\nhttps://app.example/password_reset/xyz\n' });
    await mailer.send({ to: 'robin@example.com', subject: 'Harbour Strength invites you', text: 'https://app.example/invite/tok' });
    const files = (await readdir(mailDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = await readFile(join(mailDir, files[0]!), 'utf8');
    expect(first).toMatch(/^To: sam@example\.com$/m);
    expect(first).toMatch(/^Subject: Reset your password$/m);
    expect(first).toContain('https://app.example/password_reset/xyz');
    expect(lines.join('\n')).toContain('https://app.example/password_reset/xyz');
    expect(lines.join('\n')).toContain(join(mailDir, files[0]!));
  });
});
