import { describe, expect, it } from 'vitest';
import { codeMail, invitationMail, escapeHtml, LINK_REMOVED, withoutLinks } from './messages';

describe('code mails', () => {
  it('name the product and the purpose in the subject and both bodies', () => {
    const cases = [
      ['verify_email', /verify your email/i],
      ['login', /sign-in code/i],
      ['reset_password', /reset your .*password/i],
    ] as const;
    for (const [purpose, subject] of cases) {
      const mail = codeMail({
        to: 'a@example.com',
        firstName: 'Ada',
        addressVerified: true,
        code: '012345',
        purpose,
        validMinutes: 10,
      });
      expect(mail.subject).toMatch(subject);
      expect(mail.subject).toContain('Creator Workspace');
      expect(mail.text).toContain('012345');
      expect(mail.text).toContain('10 minutes');
      expect(mail.html).toContain('012345');
      expect(mail.html).toContain('Creator Workspace');
      expect(mail.devLogLine).toBe('code 012345');
    }
  });

  it('escape the name in the HTML body', () => {
    const mail = codeMail({
      to: 'a@example.com',
      firstName: '<script>alert("x")</script>',
      addressVerified: true,
      code: '123456',
      purpose: 'verify_email',
      validMinutes: 10,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('greet without a name when there is none', () => {
    const mail = codeMail({
      to: 'a@example.com',
      firstName: null,
      addressVerified: true,
      code: '123456',
      purpose: 'login',
      validMinutes: 10,
    });
    expect(mail.text.startsWith('Hi,')).toBe(true);
  });

  it('never repeat a name to an address not yet verified (attacker text in our mail)', () => {
    const hostile = 'there. SECURITY ALERT: restore your account at https://evil.example/restore';
    for (const purpose of ['verify_email', 'login', 'reset_password'] as const) {
      const mail = codeMail({
        to: 'victim@example.com',
        firstName: hostile,
        addressVerified: false,
        code: '123456',
        purpose,
        validMinutes: 10,
      });
      expect(mail.text.startsWith('Hi,')).toBe(true);
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain('SECURITY ALERT');
        expect(body).not.toContain('evil.example');
      }
    }
  });
});

describe('invitation mails', () => {
  const input = {
    to: 'editor@example.com',
    inviterName: 'Ada <b>Lovelace</b>',
    collectionName: 'Season "2" <script>alert(1)</script>',
    role: 'editor' as const,
    link: 'http://localhost:3000/invitations/abc',
    validDays: 7,
  };

  it('name who invites, to what and with which role, in both bodies, with the link', () => {
    const mail = invitationMail(input);
    expect(mail.subject).toBe(
      'Ada <b>Lovelace</b> shared “Season "2" <script>alert(1)</script>” with you on Creator Workspace',
    );
    expect(mail.text).toContain('Ada <b>Lovelace</b> invited you to the collection');
    expect(mail.text).toContain('as an editor');
    expect(mail.text).toContain('http://localhost:3000/invitations/abc');
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain('href="http://localhost:3000/invitations/abc"');
    // The HTML body names them too (escaped), not only the text body and the subject.
    expect(mail.html).toContain(
      'Ada &lt;b&gt;Lovelace&lt;/b&gt; invited you to the collection “Season &quot;2&quot; &lt;script&gt;',
    );
    expect(mail.html).toContain('as an editor: you will be able to');
  });

  it('escapes the names in an invitation mail', () => {
    const { html } = invitationMail(input);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Lovelace');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('cuts a long collection name in the subject', () => {
    const { subject } = invitationMail({ ...input, collectionName: 'x'.repeat(300) });
    expect(subject.length).toBeLessThan(160);
  });

  describe('invitations are not a mail relay: no URL typed into a name becomes a link in any mail client', () => {
    /** Every form of link a client may make of text, each written into a name. */
    const links = [
      'http://evil.example/login',
      'HTTPS://EVIL.EXAMPLE',
      'hxxp://evil-host/x',
      'www.evil.example',
      'evil.example/login',
      'evil.example',
      '(evil.example)',
      'ops@evil.example',
      'mailto:ops@evil',
      'tel:+15550100',
      '192.0.2.1',
      'evil\u3002example',
      'evil\uFF0Eexample',
      '\uFF45\uFF56\uFF49\uFF4C\uFF0E\uFF43\uFF4F\uFF4D',
      'evil\u2488com',
      'ev\u200Bil.ex\u00ADample',
      '\\\\evil\\share',
      'javascript:alert(1)',
    ];

    it('replaces every URL-like word of a name with [link removed], and leaves other words', () => {
      for (const link of links) {
        expect(withoutLinks(`Verify at ${link} today`), link).toBe(
          `Verify at ${LINK_REMOVED} today`,
        );
      }
      for (const plain of ['Season 2 v2.0', 'e.g. ideas, 3.5 stars at 9 a.m.', 'Ada Lovelace']) {
        expect(withoutLinks(plain)).toBe(plain);
      }
      // Spaces a client might not split on become one plain space; invisible characters go.
      expect(withoutLinks('evil\u00A0 \u2003.example\u200B')).toBe('evil .example');
      expect(withoutLinks(' http://a.b ')).toBe(LINK_REMOVED);
    });

    it('names the inviter and the collection without their links in the subject, text and HTML', () => {
      const mail = invitationMail({
        ...input,
        inviterName: 'Your bank: verify at http://evil.example/login',
        collectionName: `Claim at ${links.join(' or ')}`,
      });
      const who = `Your bank: verify at ${LINK_REMOVED}`;
      expect(mail.subject).toMatch(new RegExp(`^${escapeRegExp(who)} shared “Claim at \\[link`));
      expect(mail.text).toContain(
        `${who} invited you to the collection “Claim at ${LINK_REMOVED} or`,
      );
      expect(mail.html).toContain(`${escapeHtml(who)} invited you to the collection “Claim at`);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/evil|ｅｖｉｌ|15550100|192\.0\.2|javascript|mailto/i);
      }
      // The only link left is ours.
      const urls = (mail.text.match(/[a-z]+:\/\/\S+/gi) ?? []).filter((url) => url !== input.link);
      expect(urls).toEqual([]);
    });

    it('says "Someone" and "a collection" when nothing but links was typed', () => {
      const mail = invitationMail({ ...input, inviterName: '', collectionName: ' ' });
      expect(mail.subject).toBe('Someone shared “a collection” with you on Creator Workspace');
      const linksOnly = invitationMail({ ...input, inviterName: 'www.evil.example' });
      expect(linksOnly.subject.startsWith(`${LINK_REMOVED} shared`)).toBe(true);
    });
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
