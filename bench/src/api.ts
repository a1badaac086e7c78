// The few API calls the bench makes itself (accounts, look-ups), with the dev mailbox reader
// that finishes a registration the way a person trying the product locally does.
import fs from 'node:fs';
import path from 'node:path';
import { pathOf } from '@cw/contract/routes';

export interface Answer {
  status: number;
  body: unknown;
}

export async function call(
  baseUrl: string,
  method: string,
  route: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const answer = await fetch(`${baseUrl}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await answer.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a 404 page, say): keep the text for the error message.
  }
  return { status: answer.status, body };
}

export async function expectStatus(
  answer: Promise<Answer>,
  status: number,
  what: string,
): Promise<Record<string, unknown>> {
  const got = await answer;
  if (got.status !== status) {
    const shown =
      typeof got.body === 'string'
        ? got.body.slice(0, 200)
        : JSON.stringify(got.body).slice(0, 300);
    throw new Error(`${what}: expected ${status}, got ${got.status} ${shown}`);
  }
  return (got.body ?? {}) as Record<string, unknown>;
}

export interface Tokens {
  access: string;
  refresh: string;
}

export interface Account extends Tokens {
  email: string;
  password: string;
}

/* ---- the dev mailbox (DATA_DIR/mail/*.eml) ---- */

function splitMessage(raw: string): { headers: string; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const cut = normalized.indexOf('\n\n');
  return cut < 0
    ? { headers: normalized, body: '' }
    : { headers: normalized.slice(0, cut), body: normalized.slice(cut + 2) };
}

function header(headers: string, name: string): string {
  // Folded header lines continue with white space.
  const unfolded = headers.replace(/\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
}

function decode(body: string, encoding: string): string {
  const kind = encoding.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    return body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return body;
}

/** The text/plain part of a (possibly multipart) message, decoded. */
function plainText(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (type && !type.toLowerCase().startsWith('text/plain')) return '';
  return decode(body, header(headers, 'Content-Transfer-Encoding'));
}

/** Waits for the newest mail to `email` and returns the 6-digit code in its text. */
export async function codeFromMailbox(
  mailDir: string,
  email: string,
  after: number,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    } catch {
      // The mailbox directory appears with the first message.
    }
    const candidates = names
      .map((name) => path.join(mailDir, name))
      .filter((file) => fs.statSync(file).mtimeMs >= after)
      .sort()
      .reverse();
    for (const file of candidates) {
      const raw = fs.readFileSync(file, 'utf8');
      if (!header(splitMessage(raw).headers, 'To').toLowerCase().includes(email.toLowerCase()))
        continue;
      const code = /\b(\d{6})\b/.exec(plainText(raw))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no one-time code mailed to ${email} in ${mailDir}`);
}

/** Register → code from the dev mailbox → verify: a verified account with its first tokens. */
export async function registerVerified(
  baseUrl: string,
  mailDir: string,
  email: string,
  password: string,
): Promise<Account> {
  const started = Date.now() - 1000;
  await expectStatus(
    call(baseUrl, 'POST', pathOf('auth.register'), {
      body: { first_name: 'Bench', last_name: 'User', email, password },
    }),
    201,
    'POST /api/auth/register/',
  );
  const otp = await codeFromMailbox(mailDir, email, started);
  const verified = await expectStatus(
    call(baseUrl, 'POST', pathOf('auth.verifyOtp'), { body: { email, otp } }),
    200,
    'POST /api/auth/verify-otp/',
  );
  const token = verified.token as Tokens | undefined;
  if (!token?.access) throw new Error('POST /api/auth/verify-otp/ answered no token');
  return { email, password, ...token };
}

export async function login(baseUrl: string, email: string, password: string): Promise<Account> {
  const answer = await expectStatus(
    call(baseUrl, 'POST', pathOf('auth.login'), { body: { email, password } }),
    200,
    'POST /api/auth/login/',
  );
  const token = answer.token as Tokens | undefined;
  if (!token?.access)
    throw new Error(`POST ${pathOf('auth.login')} answered no token: ${JSON.stringify(answer)}`);
  return { email, password, ...token };
}
