import { describe, expect, it } from 'vitest';
import { altFromFileName, attachedImageId, imageMarkdown } from './markdown-images';

describe('images in the text', () => {
  it('know a file’s download address, and nothing else', () => {
    expect(attachedImageId('/api/collections/files/7/download/')).toBe(7);
    expect(attachedImageId('/api/collections/files/7/download')).toBe(7);
    for (const other of [
      '/api/collections/files/0/download/',
      '/api/collections/files/07/download/',
      '/api/collections/files/7/preview/',
      '/api/collections/files/7/download/x',
      '/api/collections/files/99999999999/download/',
      'https://example.com/api/collections/files/7/download/',
      '/api/collections/files/7/download//',
      'photo.png',
    ]) {
      expect(attachedImageId(other)).toBeNull();
    }
  });

  it('are written with an alt text from the file name', () => {
    expect(altFromFileName('Team photo_2026.final.PNG')).toBe('Team photo_2026.final');
    expect(altFromFileName('stage-plan.png')).toBe('stage-plan');
    expect(altFromFileName('.hidden')).toBe('.hidden');
    expect(imageMarkdown('a [b]\nc', 12)).toBe(
      '![a \\[b\\] c](/api/collections/files/12/download/)',
    );
  });
});
