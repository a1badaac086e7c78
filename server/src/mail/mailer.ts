import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A short note about the message (e.g. its one-time code). Never logged: logs hold no codes
   * (docs/auth.md, "Hostile input"); the dev mailbox's log line names the .eml file that holds the whole mail.
   */
  devLogLine?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where the dev mailbox writes .eml files (DATA_DIR/mail). */
  devMailDir: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox (.eml files plus a log line naming the file). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(options.devMailDir, { recursive: true });
      const file = path.join(
        options.devMailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info(
        { mail: { to: message.to, subject: message.subject, file } },
        `dev mail to ${message.to}: ${message.subject} (in ${file})`,
      );
    },
    close: () => transport.close(),
  };
}
