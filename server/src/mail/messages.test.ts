import { describe, expect, it } from 'vitest';
import { codeMail, invitationMail, escapeHtml } from './messages';

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
});
