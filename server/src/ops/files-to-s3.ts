// `npm run files:to-s3`: copies the uploaded files of DATA_DIR/files into the S3 bucket that
// FILE_STORE=s3 and the S3_* variables name, so the server can then run with FILE_STORE=s3
// (docs/operations.md, "Moving files to S3"). Safe to run again: it copies only what is missing.
import path from 'node:path';
import { OpsError } from './archive';
import { runCommand } from './cli';
import { copyFilesToS3 } from './move-files';
import { S3FileStorage } from '../storage/s3-file-storage';

await runCommand('files:to-s3', async (config) => {
  if (config.fileStore.kind !== 's3') {
    throw new OpsError(
      'set FILE_STORE=s3 and the S3_* variables of the bucket to copy to (docs/operations.md).',
    );
  }
  const root = path.join(config.dataDir, 'files');
  const bucket = S3FileStorage.fromSettings(config.fileStore);
  try {
    try {
      await bucket.check();
    } catch (error) {
      throw new OpsError(
        `cannot use the S3 bucket ${config.fileStore.bucket}: ${(error as Error).name} ` +
          `(${(error as Error).message || 'no answer'}).`,
      );
    }
    const report = await copyFilesToS3(root, bucket, (line) => process.stderr.write(`${line}\n`));
    const summary =
      `${report.found} files in ${root}: ${report.copied} copied (${report.bytesCopied} bytes), ` +
      `${report.alreadyThere} already in bucket ${config.fileStore.bucket}`;
    if (report.mismatched.length > 0) {
      throw new OpsError(
        `${summary}; ${report.mismatched.length} differ in size after the copy (run again): ` +
          report.mismatched.slice(0, 10).join(', '),
      );
    }
    return `${summary}; every size verified.`;
  } finally {
    bucket.close();
  }
});
