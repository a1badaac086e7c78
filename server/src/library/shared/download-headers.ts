import { DOWNLOAD_CSP } from '../../http/response-headers';
import { attachmentDisposition, inlineDisposition } from './file-names';

/**
 * The Content-Security-Policy of a PDF shown in the app's preview frame (decision 191): framed by
 * the app alone, loading nothing. No `sandbox`: Firefox, Safari and older Chromium do not show a
 * PDF in a sandboxed document. `style-src 'unsafe-inline'` lets Chromium's viewer page apply its
 * own style attributes.
 */
export const PDF_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The one type the preview answers inline. */
export const PDF_TYPE = 'application/pdf';

export interface DownloadedFile {
  name: string;
  contentType: string;
  size: number;
}

/**
 * A file's download answer (docs/api.md, "Files"; decision 190): its stored type and length,
 * `attachment` under its name, nosniff (the type is never guessed from the bytes) and the sandbox
 * policy, so a browser never runs an uploaded SVG, HTML or XML file as a page of this origin.
 */
export function downloadHeaders(
  file: DownloadedFile,
  cacheControl: string,
): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': attachmentDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': DOWNLOAD_CSP,
    'cache-control': cacheControl,
  };
}

/**
 * The answer of GET …/preview/: a file stored as exactly `application/pdf` inline, for the
 * browser's PDF viewer in the app's frame; anything else exactly as its download.
 */
export function previewHeaders(file: DownloadedFile, cacheControl: string): Record<string, string> {
  if (file.contentType !== PDF_TYPE) return downloadHeaders(file, cacheControl);
  return {
    'content-type': PDF_TYPE,
    'content-length': String(file.size),
    'content-disposition': inlineDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': PDF_PREVIEW_CSP,
    'cache-control': cacheControl,
  };
}
