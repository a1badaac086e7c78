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

  it('builds /login?next=… for a page, and plain /login otherwise', () => {
    expect(loginPathReturningTo('/content/5/edit')).toBe('/login?next=%2Fcontent%2F5%2Fedit');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
  });
});
