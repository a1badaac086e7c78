import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ArchiveRefused, MESSAGES } from './import-archive';
import type { ReadArchiveInput, ReadArchiveResult } from './import-read';

/** What the import's worker thread posts (import-worker.ts). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; result: ReadArchiveResult }
  | { type: 'refused'; path: string; message: string }
  | { type: 'failed'; message: string };

export interface ImportWorkerLimits {
  /** Most time the worker may compute (its event loop busy), from the moment it is ready. */
  cpuMs: number;
  /** Most time it may take from start to end, waiting on the disk included. */
  wallMs: number;
  /** Its V8 heap (old generation), in MB. */
  memoryMb: number;
}

/** Compute an archive may take beyond the base budget, per MB of its zip (decision 257). */
export const CPU_MS_PER_ZIP_MB = 1000;
/** However large the archive, its budget is at most this many times the base. */
export const BUDGET_GROWTH_MAX = 10;

/**
 * The worker's limits for an archive of `zipBytes` (decision 257): the base compute budget
 * (IMPORT_CPU_SECONDS) plus 1 s per MB of zip, at most ten times the base, and its wall time
 * grown in the same ratio. An honest export reads in about 0.45 s a MB (19,394 items, 44.8 MB:
 * 19 s), so twice that leaves room for a busy machine, while a small archive that computes
 * without end is still stopped at the base.
 */
export function limitsForArchive(limits: ImportWorkerLimits, zipBytes: number): ImportWorkerLimits {
  const grown = limits.cpuMs + (Math.max(0, zipBytes) / 1024 ** 2) * CPU_MS_PER_ZIP_MB;
  const cpuMs = Math.round(Math.min(grown, limits.cpuMs * BUDGET_GROWTH_MAX));
  return { ...limits, cpuMs, wallMs: Math.round((limits.wallMs * cpuMs) / limits.cpuMs) };
}

/** How often the worker's compute time is checked against its budget. */
const CHECK_MS = 100;

/**
 * The worker's script: `import-worker.js` beside the bundle (`npm start`; server/scripts/build.mjs
 * builds it as an entry of its own), or the TypeScript source loaded through tsx's loader (tests,
 * `npm run dev`), which a worker registers for itself.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (here.endsWith('.ts')) {
    const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const api = pathToFileURL(path.join(tsx, 'dist/esm/api/index.mjs')).href;
    const worker = pathToFileURL(path.join(dir, 'import-worker.ts')).href;
    return {
      script: `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`,
      eval: true,
    };
  }
  // The bundle's code may sit in dist/ or in a chunk under dist/chunks/.
  for (const candidate of [
    path.join(dir, 'import-worker.js'),
    path.join(dir, '..', 'import-worker.js'),
  ]) {
    if (fs.existsSync(candidate)) return { script: pathToFileURL(candidate), eval: false };
  }
  throw new Error(`import: the worker script import-worker.js is not beside ${here}`);
}

/**
 * Reads and plans an archive (readArchive) in a worker thread of its own, with a heap cap and a
 * compute budget (docs/api.md, "Import"; decision 185): the thread that answers requests only
 * waits for the answer. Over either limit, or if the worker dies, the worker is stopped and the
 * archive refused with a clear message; nothing of it has been written yet.
 */
export function readArchiveInWorker(
  input: ReadArchiveInput,
  limits: ImportWorkerLimits,
): Promise<ReadArchiveResult> {
  const script = workerScript();
  return new Promise<ReadArchiveResult>((resolve, reject) => {
    const worker = new Worker(script.script, {
      eval: script.eval,
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    // A worker never keeps the process alive: a shutdown does not wait for it.
    worker.unref();
    let settled = false;
    let checker: NodeJS.Timeout | undefined;
    let start: ReturnType<Worker['performance']['eventLoopUtilization']> | undefined;
    const overBudget = () =>
      start !== undefined && worker.performance.eventLoopUtilization(start).active > limits.cpuMs;
    const end = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(checker);
      clearTimeout(wall);
      void worker.terminate();
      outcome();
    };
    const refuse = (message: string, at = '') => end(() => reject(new ArchiveRefused(at, message)));
    const wall = setTimeout(() => refuse(MESSAGES.tooSlow), limits.wallMs);
    wall.unref();
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'ready':
          start = worker.performance.eventLoopUtilization();
          checker = setInterval(() => {
            if (overBudget()) refuse(MESSAGES.tooSlow);
          }, CHECK_MS);
          checker.unref();
          return;
        case 'done':
          if (overBudget()) return refuse(MESSAGES.tooSlow);
          return end(() => resolve(message.result));
        case 'refused':
          return refuse(message.message, message.path);
        case 'failed':
          return end(() => reject(new Error(`import worker: ${message.message}`)));
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') refuse(MESSAGES.memory);
      else end(() => reject(error));
    });
    worker.on('exit', (code) => {
      end(() => reject(new Error(`import worker: ended with code ${code} before answering`)));
    });
  });
}
