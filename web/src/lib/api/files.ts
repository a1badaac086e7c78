import type { FileObject } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { ApiRequestError, callApi, refreshSession } from '../api-client';
import { getAuthorizationValue } from '../token-storage';

/** Query keys of files. Invalidating `fileKeys.all` refreshes every file list. */
export const fileKeys = {
  all: ['files'] as const,
  collection: (collection: number) => ['files', 'collection', collection] as const,
};

function fetchWithToken(path: string): Promise<Response> {
  const headers = new Headers();
  const authorization = getAuthorizationValue();
  if (authorization) headers.set('Authorization', authorization);
  return fetch(path, { headers });
}

/** A signed-in download's answer (with the session's token, refreshed once on a 401). */
export async function fetchSignedIn(path: string): Promise<Response> {
  let response = await fetchWithToken(path);
  if (response.status === 401 && (await refreshSession())) response = await fetchWithToken(path);
  if (!response.ok) throw new ApiRequestError(response.status, undefined);
  return response;
}

/** A file's bytes. */
export async function fetchFileBlob(id: number): Promise<Blob> {
  return (await fetchSignedIn(pathOf('files.download', { id }))).blob();
}

/** What a saved download's object URL is: bytes to save, never a document to show. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

/**
 * Saves bytes under `name` through a temporary object URL. The URL's type is always
 * DOWNLOAD_TYPE, never the file's own: an object URL is a document of the app's origin if it is
 * opened, and an SVG or HTML one would run its script there (decision 190).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob.slice(0, blob.size, DOWNLOAD_TYPE));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file's bytes. The download needs the Authorization header (tokens live in
 * localStorage, not cookies), so a plain link cannot work: fetch the blob, then save it
 * through a temporary object URL under the file's own name.
 */
export async function downloadFile(file: Pick<FileObject, 'id' | 'name'>): Promise<void> {
  saveBlob(await fetchFileBlob(file.id), file.name);
}

/**
 * The address of a file's preview with a 60-second ticket for that address alone (POST
 * …/preview-link/), for a PDF in a frame, which cannot send the Authorization header.
 */
export async function previewLink(id: number): Promise<string> {
  return (await callApi('files.previewLink', { params: { id } })).url;
}

/** "2.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
