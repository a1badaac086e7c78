import { AppError } from '../../http/errors';

/** An upload, or files given to another owner, past the owner's STORAGE_QUOTA_BYTES. */
export const quotaExceeded = (quota: number) =>
  new AppError(
    413,
    'storage_quota_exceeded',
    `This file does not fit in your storage of ${quota} bytes. Delete some files first.`,
  );
