import type { CaughtMail } from './mail-catcher';

export interface WaitForMailOptions {
  /** Only messages received at or after this epoch-ms moment (take it before the action). */
  since: number;
  /** Only messages whose subject matches. */
  subject?: RegExp;
  timeoutMs?: number;
}

/**
 * The inbox as a person reads it: the journeys take codes from the mails the product sent to
 * the SMTP catcher (started by the global setup, read over its small HTTP endpoint).
 */
export class Mailbox {
  constructor(private readonly inboxUrl: string) {}

  async messagesFor(address: string): Promise<CaughtMail[]> {
    const response = await fetch(
      `${this.inboxUrl}/messages?to=${encodeURIComponent(address.toLowerCase())}`,
    );
    if (!response.ok) throw new Error(`The mail catcher answered HTTP ${response.status}`);
    return (await response.json()) as CaughtMail[];
  }

  async waitForMail(address: string, options: WaitForMailOptions): Promise<CaughtMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    let seen: CaughtMail[] = [];
    while (Date.now() < deadline) {
      seen = await this.messagesFor(address);
      const match = seen.find(
        (mail) =>
          mail.receivedAt >= options.since &&
          (!options.subject || options.subject.test(mail.subject)),
      );
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const subjects = seen.map((mail) => `"${mail.subject}"`).join(', ') || 'none';
    throw new Error(
      `No mail to ${address}${options.subject ? ` with a subject matching ${options.subject}` : ''} ` +
        `arrived in time (mails to that address so far: ${subjects}).`,
    );
  }

  /** The 6-digit one-time code of the first matching mail (docs/auth.md: codes are 6 digits). */
  async waitForCode(address: string, options: WaitForMailOptions): Promise<string> {
    const mail = await this.waitForMail(address, options);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? /\b(\d{6})\b/.exec(mail.html)?.[1];
    if (!code) {
      throw new Error(
        `The mail "${mail.subject}" to ${address} holds no 6-digit code. Its text:\n${mail.text}`,
      );
    }
    return code;
  }
}
