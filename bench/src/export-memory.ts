// The export's memory target: `GET /api/export/` of an account of 10,000 content items (about
// 1,000 words each) and 1 GiB of files grows the server's RSS by less than 50 MB (decision 150).
//
//   npm run bench:export                 the full size (10,000 items, 1 GiB of files, PGlite)
//   npm run bench:export -- --items=1000 --file-mb=128    a smaller run while developing
//   npm run bench:export -- --results=<file>   write the results there (npm run bench's quick runs)
//
// The production server runs in a process of its own on a fresh DATA_DIR (embedded PGlite). The
// account is filled through the API; then the export is downloaded as fast as this process can
// read it while the server's RSS is sampled every 50 ms. Written to bench/export-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { call, registerVerified } from './api';
import { ensureBuilt } from './build';
import { benchDir } from './paths';
import { onCleanup, startServer, runBench } from './processes';
import { isRecord, refreshReadme } from './readme-table';
import { pathOf } from '@cw/contract/routes';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => /^--([^=]+)=(.*)$/.exec(arg))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!]),
);
const ITEMS = Number(args.get('items') ?? 10_000);
const FILE_MB = Number(args.get('file-mb') ?? 1024);
const FILE_PART_MB = 64;
const RESULTS = path.resolve(args.get('results') ?? path.join(benchDir, 'export-results.json'));
const WORDS = 'camera light script sponsor edit scene voice story guest cut frame audio'.split(' ');

const log = (line: string) => process.stdout.write(`${line}\n`);

function words(count: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return out.join(' ');
}

async function inParallel(total: number, width: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

async function main() {
  ensureBuilt(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-export-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  process.env.STORAGE_QUOTA_BYTES = String(4 * 1024 ** 3);
  process.env.UPLOAD_MAX_BYTES = String((FILE_PART_MB + 1) * 1024 ** 2);
  const serverOptions = {
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
    logFile: path.join(dataDir, 'server.log'),
  };
  let server = await startServer(serverOptions);
  onCleanup(() => server.stop());
  const account = await registerVerified(
    server.baseUrl,
    path.join(dataDir, 'mail'),
    'export-bench@example.com',
    'correct horse battery staple 1',
  );
  // An access token lives 15 minutes, and filling the account can take longer on a busy machine:
  // like a client, the bench refreshes it (a cheap call, unlike signing in again) every 10.
  const tokens = { access: account.access, refresh: account.refresh, at: Date.now() };
  async function access(): Promise<string> {
    if (Date.now() - tokens.at > 10 * 60_000) {
      const answer = await call(server.baseUrl, 'POST', pathOf('auth.refreshToken'), {
        body: { refresh: tokens.refresh },
      });
      if (answer.status !== 200) throw new Error(`refresh-token answered ${answer.status}`);
      const fresh = answer.body as { access: string; refresh: string };
      Object.assign(tokens, { access: fresh.access, refresh: fresh.refresh, at: Date.now() });
    }
    return tokens.access;
  }
  const auth = async () => ({ authorization: `Bearer ${await access()}` });

  log(`export bench: ${ITEMS} items of about 1,000 words...`);
  await inParallel(ITEMS, 8, async (i) => {
    const answer = await call(server.baseUrl, 'POST', pathOf('contents.create'), {
      token: await access(),
      body: { title: `Episode ${i}`, content: `# Part ${i}\n\n${words(1000, i)}` },
    });
    if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
  });

  log(`export bench: ${FILE_MB} MB of files in parts of ${FILE_PART_MB} MB...`);
  const parts = Math.ceil(FILE_MB / FILE_PART_MB);
  for (let i = 0; i < parts; i += 1) {
    const form = new FormData();
    const size = Math.min(FILE_PART_MB, FILE_MB - i * FILE_PART_MB) * 1024 ** 2;
    form.append('file', new Blob([randomBytes(size)]), `footage-${i}.bin`);
    const answer = await fetch(`${server.baseUrl}${pathOf('files.upload')}`, {
      method: 'POST',
      headers: await auth(),
      body: form,
    });
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  }

  /** One export, downloaded as fast as this process reads, the server's RSS sampled. */
  async function exportOnce() {
    const headers = await auth();
    // The server settles after the writes; the export's growth is measured from here.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = server.memory().rssMb;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.memory().rssMb);
    }, 50);
    const started = performance.now();
    const answer = await fetch(`${server.baseUrl}${pathOf('export.download')}`, { headers });
    if (answer.status !== 200 || !answer.body) throw new Error(`export answered ${answer.status}`);
    let bytes = 0;
    const reader = answer.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, server.memory().rssMb);
    return {
      zipMb: Math.round(bytes / 1024 ** 2),
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMb: Math.round(before),
      rssPeakMb: Math.round(peak),
      growthMb: Math.round(peak - before),
    };
  }
  // The first export after the writes may bring the heaps back to the size the writes had
  // reached (RSS can drop while the uploads stream); the second shows what an export itself adds.
  const first = await exportOnce();
  const second = await exportOnce();
  // The same account on a server started afresh (as after a deploy or a reboot): the export
  // then starts from the heaps of a server that has done nothing yet.
  await server.stop();
  server = await startServer(serverOptions);
  const restarted = await exportOnce();

  const result = {
    date: new Date().toISOString(),
    items: ITEMS,
    fileMb: FILE_MB,
    first,
    second,
    restarted,
    target: 'growth < 50 MB (the second export, and the first after a restart)',
    met: second.growthMb < 50 && restarted.growthMb < 50,
  };
  fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  if (isRecord(RESULTS, 'export')) await refreshReadme(log);
  for (const [label, run] of [
    ['first', first],
    ['second', second],
    ['after a restart', restarted],
  ] as const) {
    log(
      `export (${label}): ${run.zipMb} MB zip in ${run.seconds} s; server RSS ${run.rssBeforeMb} → ` +
        `${run.rssPeakMb} MB at most (+${run.growthMb} MB)`,
    );
  }
  log(
    `target (the second export and the first after a restart grow the RSS by < 50 MB): ${result.met ? 'met' : 'MISSED'}`,
  );
}
runBench('export', main, log);
