import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-storage';

/** Counts bytes and fails the pipeline as soon as they pass the limit (every FileStorage). */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new FileTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}
