import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeNextPath } from './return-to';

describe('safeNextPath', () => {
  it('keeps a same-origin path with its query and fragment', () => {
    expect(safeNextPath('/content/5/edit')).toBe('/content/5/edit');
    expect(safeNextPath('/content/create?collection=3#top')).toBe(
      '/content/create?collection=3#top',
    );
  });

  it('refuses anything that could leave the site, and the auth screens themselves', () => {
    for (const raw of [
      null,
      '',
      'content/5',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/register?next=/x',
    ]) {
      expect(safeNextPath(raw), String(raw)).toBeNull();
    }
  });

  it('never turns an open-redirect payload into anything but a same-origin path (or the default)', () => {
    const origin = window.location.origin;
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(40);
    for (const raw of OPEN_REDIRECT_PAYLOADS) {
      const next = safeNextPath(raw);
      if (next === null) continue;
      const what = `${JSON.stringify(raw)} → ${next}`;
      expect(next.startsWith('/'), what).toBe(true);
      expect(next[1] === '/' || next[1] === '\\', what).toBe(false);
      expect(new URL(next, origin).origin, what).toBe(origin);
      // What the router and history get: decoded, it still starts with one slash.
      expect(/^\/[/\\]/.test(decodeURIComponent(new URL(next, origin).pathname)), what).toBe(false);
      // Checking it again changes nothing.
      expect(safeNextPath(next), what).toBe(next);
    }
  });

  it('turns /.//evil.example/c and its kin into the default, never //evil.example/c', () => {
    for (const raw of [
      '/.//evil.example/c',
      '/..//evil.example/c',
      '/%2e//evil.example/c',
      '/%2E%2E//evil.example/c',
      '/./\\evil.example/c',
      '/\t/evil.example/c',
      '/\n/evil.example/c',
      '/%2F%2Fevil.example/c',
      '/%5Cevil.example/c',
      '\\\\evil.example/c',
    ]) {
      expect(safeNextPath(raw), JSON.stringify(raw)).toBeNull();
    }
    // Harmless oddities stay the same-origin paths they are.
    expect(safeNextPath('/../content/5')).toBe('/content/5');
    expect(safeNextPath('/content/./5/../6')).toBe('/content/6');
    expect(safeNextPath('/content/5?back=//evil.example#//x')).toBe(
      '/content/5?back=//evil.example#//x',
    );
    expect(safeNextPath('/LOGIN/')).toBeNull();
  });

  it('builds /login?next=… for a page, and plain /login otherwise', () => {
    expect(loginPathReturningTo('/content/5/edit')).toBe('/login?next=%2Fcontent%2F5%2Fedit');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
  });
});

/**
 * Open-redirect payloads (the usual lists: slashes, backslashes, dot segments, encodings,
 * whitespace the URL parser drops, other schemes, user-info and look-alike characters).
 */
const OPEN_REDIRECT_PAYLOADS: string[] = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '//evil.example/%2e%2e',
  '//evil.example:443/x',
  '//evil.example@app.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\\\evil.example',
  '/./\\evil.example',
  '/.//evil.example/c',
  '/..//evil.example',
  '/../..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%2E/%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5C%5Cevil.example',
  '/%5cevil.example',
  '/%5C/evil.example',
  '/%252F%252Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '\n//evil.example',
  ' //evil.example',
  '/\u0000//evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%00//evil.example',
  'https://evil.example',
  'http:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'evil.example',
  '.evil.example',
  '@evil.example',
  '/@evil.example',
  '/;//evil.example',
  '/..;/..;//evil.example',
  '/\u3000/evil.example',
  '/\u2215\u2215evil.example',
  '/\uff0f\uff0fevil.example',
  '/\u3002/evil.example',
  '/?//evil.example',
  '/#//evil.example',
  '///\\;@evil.example',
  '/ /evil.example',
  '/.\\./\\evil.example',
  '%2F%2Fevil.example',
];
