// A reset request is answered before anything about the email is looked at, written or mailed, so
// a member's address answers exactly like a stranger's (docs/decisions.md#password-reset); the
// work still happens after the answer, and a server closing waits for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer';
import { Browser, KAI, SAM, startTestServer, type TestServer } from '../../testing/helpers';

/** A mailer that records when each mail starts and then blocks until the test lets it go. */
function blockingMailer(order: string[]) {
  const sent: MailMessage[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  return {
    sent,
    release: () => release(),
    block: () => {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    mailer: {
      async send(message: MailMessage) {
        order.push(`mail:${message.to}`);
        await gate;
        sent.push(message);
      },
    },
  };
}

describe('password reset: the answer comes first', () => {
  const order: string[] = [];
  const mail = blockingMailer(order);
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ mailer: mail.mailer });
    // The server's own view: when each answer has been handed to the network.
    server.running.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      res.once('finish', () => order.push(`answered:${req.method} ${req.url}`));
    });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    order.length = 0;
    mail.block();
  });

  const ask = (email: string) => new Browser(server.url).request('/api/v1/password_resets', { method: 'POST', json: { email } });
  const links = (email: string) =>
    server.running.db.selectFrom('password_resets').innerJoin('members_profiles', 'members_profiles.id', 'password_resets.profile_id').select('password_resets.id').where('members_profiles.email', '=', email).execute();

  it('answers a member’s email before the work for it starts, its mail blocked; the work then happens', async () => {
    const before = (await links(KAI)).length;
    const res = await ask(KAI);
    expect(res.status).toBe(202);
    // The mail is still blocked, yet the answer is here; the server sent it before the mail began.
    const answered = 'answered:POST /api/v1/password_resets';
    await expect.poll(() => order.includes(answered) && order.includes(`mail:${KAI}`)).toBe(true);
    expect(order.indexOf(answered)).toBeLessThan(order.indexOf(`mail:${KAI}`));
    // The work after the answer is not lost: the link is written, and the mail goes once let go.
    expect((await links(KAI)).length).toBe(before + 1);
    mail.release();
    await expect.poll(() => mail.sent.filter((m) => m.to === KAI).length).toBe(1);
    expect(mail.sent.at(-1)!.text).toContain('/password_reset/');
  });

  it('answers a stranger the same way, and nothing is written or mailed', async () => {
    const [member, stranger] = [await ask(SAM), await ask('nobody@example.com')];
    expect(member.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(await member.json()).toEqual(await stranger.json());
    await expect.poll(() => order).toContain(`mail:${SAM}`);
    expect(order.filter((entry) => entry.startsWith('mail:'))).toEqual([`mail:${SAM}`]);
    mail.release();
  });

  it('a server closing waits for the work an answer left behind', async () => {
    const own = await startTestServer({ mailer: mail.mailer });
    try {
      expect((await new Browser(own.url).request('/api/v1/password_resets', { method: 'POST', json: { email: KAI } })).status).toBe(202);
      await expect.poll(() => order).toContain(`mail:${KAI}`);
      const count = mail.sent.length;
      // The mail is let go a second into the close: the close ends after it, not before.
      const closing = own.running.close().then(() => order.push('closed'));
      setTimeout(() => mail.release(), 1000);
      await closing;
      expect(mail.sent.length).toBe(count + 1);
      expect(order.at(-1)).toBe('closed');
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
