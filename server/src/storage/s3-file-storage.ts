import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ByteLimit } from './byte-limit';
import {
  FileTooLargeError,
  STORAGE_KEY_PATTERN,
  randomStorageKey,
  type FileStorage,
} from './file-storage';

/** Where and how to reach the bucket (FILE_STORE=s3; docs/operations.md). */
export interface S3Settings {
  /** An S3-compatible server's address; unset means AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both or neither; neither uses the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most S3-compatible servers). */
  forcePathStyle: boolean;
}

/**
 * Parts of a multipart upload. A file smaller than one part goes up in one PutObject; larger
 * files in parts, at most PART_QUEUE of them in flight, so one upload holds at most
 * (PART_QUEUE + 1) × PART_BYTES in memory whatever the file's size.
 */
export const PART_BYTES = 5 * 1024 * 1024;
const PART_QUEUE = 2;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the
    // SDK's default streaming checksum trailers (aws-chunked); TLS covers the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer is a 503 of /api/ready or a failed request, not a hang.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files in an S3 bucket (or any S3-compatible store), one object per key, named by the key
 * itself. Writes stream through the byte limit into `Upload` (lib-storage): the object exists
 * only once PutObject or CompleteMultipartUpload succeeds; on any failure, the byte limit
 * included, the multipart upload is aborted, so nothing is left (FileStorage's promise).
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromSettings(settings: S3Settings): S3FileStorage {
    return new S3FileStorage(createS3Client(settings), settings.bucket);
  }

  newKey(): string {
    return randomStorageKey();
  }

  private objectKey(key: string): string {
    // Keys come from newKey(); anything else (a crafted or corrupted row) never reaches S3.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return key;
  }

  async write(key: string, stream: Readable, maxBytes: number): Promise<number> {
    const objectKey = this.objectKey(key);
    const limit = new ByteLimit(maxBytes);
    // The source's own failure (a broken or malformed upload) ends the limit stream with the
    // same error object, which the caller recognises as the client's.
    const onSourceError = (error: Error) => limit.destroy(error);
    // `on`, not `once`: a source can fail twice, and an 'error' with no listener ends the process.
    stream.on('error', onSourceError);
    stream.pipe(limit);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: objectKey,
        Body: limit,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return limit.bytes;
    } catch (error) {
      stream.unpipe(limit);
      if (!limit.destroyed) limit.destroy();
      // A source that is not read to its end would keep the upload hanging.
      if (!stream.destroyed) stream.resume();
      if (stream.errored) throw stream.errored;
      if (limit.errored instanceof FileTooLargeError) throw limit.errored;
      throw error;
    } finally {
      stream.off('error', onSourceError);
    }
  }

  async open(key: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error('The file store sent no body');
    return answer.Body;
  }

  async remove(key: string): Promise<void> {
    // DeleteObject of a missing key succeeds in S3; a 404 from a stricter store is fine too.
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** The stored size of a key, or null when it holds nothing (the disk-to-S3 copy). */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Ends the client's sockets (shutdown). */
  close(): void {
    this.client.destroy();
  }
}
