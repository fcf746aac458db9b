import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

// Email (password reset links, invitations). With SMTP_URL, messages go through that SMTP server
// (nodemailer). Without it, the development transport writes each message as an .eml file under
// the mail folder (beside the database) and prints its links on the console, so a local install
// can follow a reset link without a mail server.

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: links are written out in full. */
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; unset: the development mailbox. */
  smtpUrl?: string;
  /** Where the development mailbox writes .eml files. */
  mailDir: string;
  from: string;
  log?: (line: string) => void;
}

/** A nodemailer transport made with the first message (nodemailer is loaded then, not at every start). */
function lazyTransport(make: (nodemailer: typeof import('nodemailer').default) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((module) => make(module.default)));
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const log = options.log ?? ((line: string) => console.log(line));
  let sequence = 0;
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      sequence += 1;
      const file = join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] "${message.subject}" to ${message.to} written to ${file}${links.length > 0 ? `\n[mail]   ${links.join('\n[mail]   ')}` : ''}`);
    },
  };
}
