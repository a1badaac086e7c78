import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the product mailed, as the journeys read it (a person's inbox, in JSON). */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Epoch milliseconds when the catcher finished receiving it. */
  receivedAt: number;
  /** Its headers as sent, by lower-case name (folded lines joined): `list-unsubscribe`, … */
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` for the server's SMTP_URL. */
  smtpUrl: string;
  /** Base URL of the inbox endpoint: `GET <url>/messages?to=<address>` answers CaughtMail[]. */
  inboxUrl: string;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

function listenSmtp(server: SMTPServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

function listenHttp(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * A real SMTP server (smtp-server) that accepts every message, parses it (mailparser) and keeps
 * it in memory, plus a tiny HTTP endpoint so test workers — separate processes — can read it.
 * STARTTLS and AUTH are switched off, so the product's nodemailer sends in plain text to
 * `smtp://127.0.0.1:<port>` without any extra option in SMTP_URL.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          mails.push({
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  const smtpPort = await listenSmtp(smtp);

  const inbox = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const selected = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(selected));
      return;
    }
    response.writeHead(404).end();
  });
  const inboxPort = await listenHttp(inbox);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    async close() {
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
