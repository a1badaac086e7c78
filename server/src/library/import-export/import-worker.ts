/**
 * The import's worker thread (docs/operations.md, "Background jobs"): reads and plans one archive with
 * readArchive and posts the result, so no archive, however built, holds the thread that answers
 * requests. Started by readArchiveInWorker (import-reader.ts), which caps its memory and the
 * time it may compute; an error here ends this thread only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ArchiveRefused } from './import-archive';
import { readArchive, type ReadArchiveInput } from './import-read';
import type { WorkerMessage } from './import-reader';

const port = parentPort;
if (port) {
  const post = (message: WorkerMessage) => port.postMessage(message);
  post({ type: 'ready' });
  readArchive(workerData as ReadArchiveInput).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) =>
      post(
        error instanceof ArchiveRefused
          ? { type: 'refused', path: error.path, message: error.message }
          : { type: 'failed', message: error instanceof Error ? error.message : String(error) },
      ),
  );
}
