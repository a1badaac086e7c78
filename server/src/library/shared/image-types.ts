/**
 * The stored types shown in an `<img>` on a public page and offered as an item's cover: rasters
 * and SVG, which run nothing there (decisions 190, 213).
 */
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]);

export const isPublicImageType = (contentType: string): boolean =>
  IMAGE_TYPES.has((contentType.split(';')[0] ?? '').trim().toLowerCase());
