import { FILE_NAME_MAX, withoutBidiControls } from '@cw/contract';

/**
 * The name a file is shown and downloaded under: the last path segment of what the client sent,
 * without control characters (bidirectional controls included), at most FILE_NAME_MAX
 * characters. It is never part of a disk path.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(withoutBidiControls(base.normalize('NFC')))
    .filter((char) => !isControlCharacter(char))
    .join('')
    .trim();
  const safe = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return Array.from(safe).slice(0, FILE_NAME_MAX).join('').trim() || 'file';
}

function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The declared type when it is a well-formed `type/subtype`, else application/octet-stream. */
export function storedContentType(declared: string | undefined): string {
  const type = (declared ?? '').trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

/**
 * `attachment` with an ASCII fallback name and the exact name in RFC 5987 `filename*`, so any
 * name (quotes, semicolons, non-Latin letters) neither breaks the header nor becomes a path.
 */
export function attachmentDisposition(name: string): string {
  return `attachment; ${dispositionNames(name)}`;
}

/** The same names for `inline` (a PDF shown in the app's preview frame). */
export function inlineDisposition(name: string): string {
  return `inline; ${dispositionNames(name)}`;
}

function dispositionNames(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
