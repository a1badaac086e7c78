import { callApi } from '../../../lib/api-client';

/** Uploads one file (multipart field `file`), attached to `content` when given. */
export function uploadFile(file: File, content?: number) {
  const form = new FormData();
  if (content !== undefined) form.append('content', String(content));
  form.append('file', file, file.name);
  return callApi('files.upload', { body: form });
}

export function deleteFile(id: number) {
  return callApi('files.remove', { params: { id } });
}
