// The import's target: a zipped Obsidian vault of 5,000 notes imported on PGlite in under
// 60 s (decision 134). The vault is made here: 50 folders (some nested), notes of about 300 words
// with front matter tags and inline #tags, one in ten embedding an image.
//
//   npm run bench:import                   5,000 notes (about a minute)
//   npm run bench:import -- --notes=500    a smaller vault while developing
//   npm run bench:import -- --results=<file>   write the results there (npm run bench's quick runs)
//
// The production server runs on a fresh DATA_DIR (embedded PGlite); the zip is uploaded with
// POST /api/import/ and GET /api/import/{id}/ is polled every 200 ms until the job ends. Written to
// bench/import-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ZipFile } from 'yazl';
import { registerVerified } from './api';
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
const NOTES = Number(args.get('notes') ?? process.env.npm_config_notes ?? 5000);
const RESULTS = path.resolve(args.get('results') ?? path.join(benchDir, 'import-results.json'));
const WORDS = 'camera light script sponsor edit scene voice story guest cut frame audio'.split(' ');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Words picked pseudo-randomly, so notes compress about as real prose does (4 to 1). */
function words(count: number, seed: number): string {
  const out: string[] = [];
  let state = seed + 1;
  for (let i = 0; i < count; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out.push(WORDS[(state >> 8) % WORDS.length]!);
  }
  return out.join(' ');
}

function vaultZip(notes: number): Promise<Buffer> {
  const zip = new ZipFile();
  for (let i = 0; i < notes; i += 1) {
    const folder = i % 50 < 40 ? `Folder ${i % 50}` : `Folder ${i % 10}/Sub ${i % 50}`;
    const image = i % 10 === 0 ? `\n\n![[shot-${i}.png]]\n` : '';
    const text = `---\ntags: [topic-${i % 40}, season-${i % 5}]\n---\n# Note ${i}\n\n${words(300, i)} #inline-${i % 20}${image}`;
    zip.addBuffer(Buffer.from(text), `Vault/${folder}/Note ${i}.md`);
    if (image) zip.addBuffer(PNG, `Vault/attachments/shot-${i}.png`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

interface Job {
  id: number;
  status: string;
  processed: number;
  total: number;
  created: Record<string, number>;
  errors: unknown[];
}

async function main() {
  ensureBuilt(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-import-'));
  onCleanup(() => {
    // Kept after a failure (or with KEEP=1), to read the server's log.
    if (!process.exitCode && !process.env.KEEP)
      fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`kept ${dataDir}`);
  });
  const server = await startServer({
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
    logFile: path.join(dataDir, 'server.log'),
    // BENCH_IMPORT_PROFILE=<dir>: a CPU profile of the server (bench/src/profile-summary.ts).
    nodeArgs: process.env.BENCH_IMPORT_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_IMPORT_PROFILE}`]
      : [],
  });
  onCleanup(() => server.stop());
  onCleanup(() => {
    if (process.exitCode) {
      const lines = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').trim().split('\n');
      log(`server log (last lines):\n${lines.slice(-15).join('\n')}`);
    }
  });
  const account = await registerVerified(
    server.baseUrl,
    path.join(dataDir, 'mail'),
    'import-bench@example.com',
    'correct horse battery staple 1',
  );
  const auth = { authorization: `Bearer ${account.access}` };
  const zip = await vaultZip(NOTES);
  log(
    `import bench: a vault of ${NOTES} notes, ${(zip.length / 1024 / 1024).toFixed(1)} MB zipped`,
  );

  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'vault.zip');
  const answer = await fetch(`${server.baseUrl}${pathOf('import.start')}`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (answer.status !== 202)
    throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
  const { id } = (await answer.json()) as Job;
  let job: Job;
  let lastLogged = 0;
  let resets = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = performance.now();
    // A kept-alive connection the server closed while busy is reset: ask again, as browsers do.
    let polled: Response | undefined;
    for (let attempt = 1; !polled; attempt += 1) {
      try {
        polled = await fetch(`${server.baseUrl}${pathOf('import.get', { id })}`, { headers: auth });
      } catch (error) {
        if (attempt >= 3) throw error;
        resets += 1;
      }
    }
    job = (await polled.json()) as Job;
    const took = performance.now() - asked;
    if (took > 1000) log(`  (a progress call took ${Math.round(took)} ms)`);
    if (job.status === 'done' || job.status === 'failed') break;
    if (performance.now() - lastLogged > 5000) {
      lastLogged = performance.now();
      log(`  ${job.status} ${job.processed} / ${job.total}`);
    }
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const result = {
    date: new Date().toISOString(),
    notes: NOTES,
    zipMb: Math.round((zip.length / 1024 / 1024) * 10) / 10,
    seconds,
    status: job.status,
    created: job.created,
    errors: job.errors.length,
    progressCallsReset: resets,
    target: 'under 60 s on PGlite',
    met: job.status === 'done' && seconds < 60,
  };
  fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  if (isRecord(RESULTS, 'import')) await refreshReadme(log);
  log(`import: ${job.status} in ${seconds} s; created ${JSON.stringify(job.created)}`);
  log(`target (a ${NOTES}-note vault in under 60 s on PGlite): ${result.met ? 'met' : 'MISSED'}`);
}

runBench('import', main, log);
