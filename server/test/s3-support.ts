import fs from 'node:fs';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../src/storage/s3-file-storage';
import { temporaryDir } from './embedded-support';

/**
 * A real S3-compatible server (s3rver) on loopback, keeping its objects in a temporary
 * directory, with s3rver's own keys (it checks request signatures like S3 does).
 */
export interface S3Server {
  endpoint: string;
  /** The directory s3rver keeps buckets and objects in. */
  directory: string;
  /** Settings of a bucket on this server (created with `createBucket`, or not). */
  settings(bucket: string): S3Settings;
  createBucket(bucket: string): Promise<S3Settings>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = temporaryDir('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3Settings => ({
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    endpoint,
    directory,
    settings,
    async createBucket(bucket) {
      const client = createS3Client(settings(bucket));
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
      return settings(bucket);
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
