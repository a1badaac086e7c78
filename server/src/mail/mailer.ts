import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a notification mail's `List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
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

/**
 * SMTP when SMTP_URL is set; otherwise the dev mailbox (.eml files plus a log line naming the file).
 * nodemailer is loaded at the first message, not at start: a server that sends none never holds
 * it in memory (bench/README.md, "PGlite memory").
 */
export function createMailer(options: MailerOptions): Mailer {
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const close = () => void transport?.then((opened) => opened.close()).catch(() => undefined);
  if (options.smtpUrl) {
    return {
      async send(message) {
        await (
          await open()
        ).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      },
      close,
    };
  }
  return {
    async send(message) {
      const info = await (
        await open()
      ).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
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
    close,
  };
}
