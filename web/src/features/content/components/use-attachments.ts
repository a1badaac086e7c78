import type { FileObject } from '@cw/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { deleteFile, uploadFile } from '../api/files';

/** The contract's default upload limit (UPLOAD_MAX_BYTES); the server has the last word. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface Attachment {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  /** Set once uploaded (or for files already attached). */
  file?: FileObject;
  error?: string;
  /** Already attached to the item when the form opened. */
  existing: boolean;
}

let sequence = 0;

/**
 * Attachments of the content form. Picked files upload at once (so Create only sends their
 * ids); removing a fresh upload deletes it, removing an attached one takes effect on save
 * (an explicit one, or the autosave of an existing item: `settle`).
 */
export function useAttachments(initial: FileObject[] = []) {
  const [items, setItems] = useState<Attachment[]>(() =>
    initial.map((file) => ({
      key: `existing-${file.id}`,
      name: file.name,
      size: file.size,
      status: 'ready',
      file,
      existing: true,
    })),
  );
  const [removed, setRemoved] = useState<FileObject[]>([]);
  const removedRef = useRef(removed);
  useEffect(() => {
    removedRef.current = removed;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<Attachment>) => {
    if (!mounted.current) return;
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const add = useCallback(
    (files: FileList | File[]) => {
      for (const file of Array.from(files)) {
        sequence += 1;
        const key = `new-${sequence}`;
        if (file.size > MAX_UPLOAD_BYTES) {
          setItems((current) => [
            ...current,
            {
              key,
              name: file.name,
              size: file.size,
              status: 'failed',
              error: 'This file is larger than 25 MB.',
              existing: false,
            },
          ]);
          continue;
        }
        setItems((current) => [
          ...current,
          { key, name: file.name, size: file.size, status: 'uploading', existing: false },
        ]);
        uploadFile(file).then(
          (uploaded) => patch(key, { status: 'ready', file: uploaded }),
          (error: unknown) =>
            patch(key, {
              status: 'failed',
              error:
                error instanceof ApiRequestError && error.serverMessage
                  ? error.serverMessage
                  : 'Upload failed.',
            }),
        );
      }
    },
    [patch],
  );

  /**
   * A picture pasted or dropped into the text (decision 214): listed like any attachment while
   * it uploads, attached to `content` at once when the item exists (its text already names it),
   * else with the item's other files when it is created. A failed upload leaves no row: the
   * editor says why.
   */
  const addImage = useCallback(
    (file: File, content: number | null): Promise<FileObject> => {
      if (file.size > MAX_UPLOAD_BYTES) {
        return Promise.reject(new Error('This file is larger than 25 MB.'));
      }
      sequence += 1;
      const key = `new-${sequence}`;
      setItems((current) => [
        ...current,
        { key, name: file.name, size: file.size, status: 'uploading', existing: false },
      ]);
      return uploadFile(file, content ?? undefined).then(
        (uploaded) => {
          patch(key, { status: 'ready', file: uploaded, existing: content !== null });
          return uploaded;
        },
        (error: unknown) => {
          if (mounted.current) setItems((current) => current.filter((item) => item.key !== key));
          throw error;
        },
      );
    },
    [patch],
  );

  const remove = useCallback((item: Attachment) => {
    setItems((current) => current.filter((entry) => entry.key !== item.key));
    if (item.existing && item.file) {
      const file = item.file;
      setRemoved((current) => [...current, file]);
    } else if (item.file) {
      // A fresh upload nobody will attach: delete it now (best effort).
      void deleteFile(item.file.id).catch(() => undefined);
    }
  }, []);

  /** Deletes fresh uploads (the form was abandoned). */
  const discardUploads = useCallback(() => {
    for (const item of items) {
      if (!item.existing && item.file) void deleteFile(item.file.id).catch(() => undefined);
    }
  }, [items]);

  /** Deletes files removed from the item, once the save has detached them. */
  const purgeRemoved = useCallback(() => {
    for (const file of removed) void deleteFile(file.id).catch(() => undefined);
  }, [removed]);

  /**
   * An autosave attached exactly `saved` to the item: those are now the item's (abandoning
   * the form no longer deletes them), and the files removed before it are detached, so they go
   * as on an explicit save.
   */
  const settle = useCallback((saved: number[]) => {
    const attached = new Set(saved);
    if (!mounted.current) return;
    setItems((current) =>
      current.map((item) =>
        item.file && attached.has(item.file.id) && !item.existing
          ? { ...item, existing: true }
          : item,
      ),
    );
    const detached = removedRef.current.filter((file) => !attached.has(file.id));
    for (const file of detached) void deleteFile(file.id).catch(() => undefined);
    setRemoved((current) => current.filter((file) => attached.has(file.id)));
  }, []);

  // One stable object while nothing changes, so the memoised field skips keystrokes elsewhere.
  return useMemo(() => {
    const ids = items.flatMap((item) =>
      item.status === 'ready' && item.file ? [item.file.id] : [],
    );
    const uploading = items.some((item) => item.status === 'uploading');
    return { items, ids, uploading, add, addImage, remove, discardUploads, purgeRemoved, settle };
  }, [items, add, addImage, remove, discardUploads, purgeRemoved, settle]);
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
