import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Raised by FileStorage.write when the stream holds more than maxBytes; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

/**
 * Where uploaded bytes live. Keys are opaque and made by the storage (never from a user's file
 * name), so the disk (DiskFileStorage) and an S3 bucket (S3FileStorage) are interchangeable
 * behind this interface (docs/operations.md, "Many instances").
 */
export interface FileStorage {
  /** A fresh random key for new bytes. */
  newKey(): string;
  /**
   * Stores the whole stream under `key` and resolves with the byte count. The bytes become
   * visible only when complete: on any failure (including FileTooLargeError) nothing is left.
   */
  write(key: string, stream: Readable, maxBytes: number): Promise<number>;
  /** A stream of the stored bytes; rejects when the key holds nothing. */
  open(key: string): Promise<Readable>;
  /** Removes the bytes; removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can be reached and written to; rejects otherwise (GET /api/ready). */
  check(): Promise<void>;
}

/** 128 random bits as hex: unguessable, and safe in any path or object-store key. */
export const randomStorageKey = (): string => randomBytes(16).toString('hex');
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;
