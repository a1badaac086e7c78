// The benches that also run on their own (`npm run bench:export`, `bench:import`,
// `bench:pipeline`, `bench:floors`, `bench:collab`, `bench:lighthouse`), as parts of `npm run bench` (decision 075): each in a child
// process of its own, one after the other, exactly as its npm script starts it, so each keeps its
// own server, data directory and clean-up (PGlite's data directory belongs to one process at a
// time: the floors' PGlite handle opens only after the app's server stopped, inside that
// script). Their figures are read back from the results file each writes, and checked against
// their targets (decision 076).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { ScaleResult } from './collab-scale';
import { benchDir } from './paths';
import { onCleanup } from './processes';

export const SCRIPT_PARTS = [
  'export',
  'import',
  'pipeline',
  'floors',
  'collab',
  'lighthouse',
] as const;
export type ScriptPart = (typeof SCRIPT_PARTS)[number];

export const SCRIPTS: Record<ScriptPart, { file: string; results: string; what: string }> = {
  export: { file: 'export-memory.ts', results: 'export-results.json', what: 'export memory' },
  import: { file: 'import-speed.ts', results: 'import-results.json', what: 'import speed' },
  pipeline: {
    file: 'pipeline.ts',
    results: 'pipeline-results.json',
    what: 'board, drag, teleprompter',
  },
  floors: {
    file: 'floors.ts',
    results: 'floors-results.json',
    what: 'each route beside its floor',
  },
  collab: { file: 'collab.ts', results: 'collab-results.json', what: 'live co-editing' },
  lighthouse: {
    file: 'lighthouse.ts',
    results: 'lighthouse-results.json',
    what: 'Lighthouse, mobile',
  },
};

/** Where quick or one-database runs of a part write (ignored by git): never the record. */
const SCRATCH_DIR = path.join(benchDir, 'results', 'tmp');

export interface PartOptions {
  quick: boolean;
  dbs: ('pglite' | 'postgres')[];
  logLevel: string;
  log: (line: string) => void;
}

/** One part as it ran: its command, how it ended, and what its results file said. */
export interface ScriptPartResult {
  part: ScriptPart;
  /** The arguments given to the script (after `tsx bench/src/<file>`). */
  args: string[];
  /** The results file, relative to the repository's bench/ folder. */
  resultsFile: string;
  exitCode: number | null;
  seconds: number;
  /** The results file's contents when it was written by this run; null otherwise. */
  results: unknown;
  problems: string[];
}

/**
 * The arguments a part runs with: its full size, or with `--quick` the small sizes its README
 * section names. export, import and pipeline run on PGlite only (their targets are the embedded
 * mode's); floors takes `--db` and, when PostgreSQL is in the run, also measures two instances.
 */
function argsFor(part: ScriptPart, options: PartOptions, resultsFile: string): string[] {
  const results = `--results=${resultsFile}`;
  switch (part) {
    case 'export':
      return [...(options.quick ? ['--items=500', '--file-mb=128'] : []), results];
    case 'import':
      return [...(options.quick ? ['--notes=500'] : []), results];
    case 'pipeline':
      return [...(options.quick ? ['--items=100'] : []), results];
    case 'floors':
      return [
        ...(options.quick ? ['--quick'] : []),
        `--db=${options.dbs.join(',')}`,
        ...(options.dbs.includes('postgres') ? ['--instances'] : []),
        `--server-log-level=${options.logLevel}`,
        results,
      ];
    case 'collab':
      // PostgreSQL and Redis whatever --db says: two instances need both.
      return [...(options.quick ? ['--quick'] : []), results];
    case 'lighthouse':
      // The embedded mode's production server, as a person starts it.
      return [...(options.quick ? ['--runs=1'] : []), results];
  }
}

/** Whether this run of the part is the one its committed results file records. */
function recordsFull(part: ScriptPart, options: PartOptions): boolean {
  if (options.quick) return false;
  return part !== 'floors' || (options.dbs.includes('pglite') && options.dbs.includes('postgres'));
}

/** Runs one part to its end; its output goes to this process's stderr, each line prefixed. */
export async function runScriptPart(
  part: ScriptPart,
  options: PartOptions,
): Promise<ScriptPartResult> {
  const script = SCRIPTS[part];
  const resultsFile = recordsFull(part, options)
    ? path.join(benchDir, script.results)
    : path.join(SCRATCH_DIR, script.results);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  const args = argsFor(part, options, resultsFile);
  const result: ScriptPartResult = {
    part,
    args: args.map((arg) => arg.replace(benchDir + path.sep, '')),
    resultsFile: path.relative(benchDir, resultsFile),
    exitCode: null,
    seconds: 0,
    results: null,
    problems: [],
  };
  options.log(`${part} (${script.what}): tsx src/${script.file} ${result.args.join(' ')}`);
  // Only the arguments decide: npm's npm_config_* variables (from `npm run bench -- --quick`)
  // would otherwise reach the scripts that read them (--db, --quick, --items, --notes).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  );
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'src', script.file), ...args],
    { cwd: benchDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on('line', (line) => process.stderr.write(`  [${part}] ${line}\n`));
  }
  const ended = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', (error) => {
      result.problems.push(`could not start: ${error.message}`);
      resolve(null);
    });
  });
  // Stopped from outside: the part cleans up after itself on SIGTERM (its server, its data).
  const forget = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await ended;
    }
  });
  result.exitCode = await ended;
  forget();
  result.seconds = Math.round((Date.now() - started) / 1000);
  if (result.exitCode !== 0) result.problems.push(`ended with code ${String(result.exitCode)}`);

  // Only a file this run wrote counts: the committed record of an earlier run is not a figure.
  try {
    const written = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { date?: string };
    if (written.date && Date.parse(written.date) >= started) result.results = written;
    else result.problems.push(`${result.resultsFile} was not written by this run`);
  } catch (error) {
    result.problems.push(`no results in ${result.resultsFile}: ${(error as Error).message}`);
  }
  if (part === 'floors' && isFloors(result.results)) {
    for (const db of result.results.results)
      for (const problem of db.problems) result.problems.push(`${db.kind}: ${problem}`);
  }
  options.log(`${part}: done in ${result.seconds} s`);
  return result;
}

/* ---- what each results file holds (the parts the checks read) ---- */

interface ExportFile {
  items: number;
  fileMb: number;
  first: { growthMb: number; zipMb: number; seconds: number };
  second: { growthMb: number; zipMb: number; seconds: number; rssBeforeMb: number };
  /** The first export on a server started afresh (files written before this field lack it). */
  restarted?: { growthMb: number; zipMb: number; seconds: number; rssBeforeMb: number };
}
interface ImportFile {
  notes: number;
  seconds: number;
  status: string;
  errors: number;
}
interface PipelineFile {
  items: number;
  board: { median: number; p95: number };
  drag: { p95: number; frames: number };
  teleprompter: { p95: number; frames: number };
}
interface CollabLatency {
  keystrokes: number;
  applied: { median: number; p95: number; p99: number };
}
interface RemoteLatency {
  commands: number;
  applied: { median: number; p95: number };
}
interface CollabFile {
  latencyOneInstance?: CollabLatency;
  latencyTwoInstances?: CollabLatency;
  remoteOneInstance?: RemoteLatency;
  remoteTwoInstances?: RemoteLatency;
  editors?: {
    editors: number;
    documents: number;
    keystrokes: number;
    lostInClients: number;
    lostInStored: number;
    applyLatency: { p99: number };
    serverCpu: { percentOfOneCore: number };
  };
  memory?: { documents: number; perDocumentMb: number };
  scale?: ScaleResult;
  convergence?: { ops: number; passed: boolean; seconds: number };
}
interface LighthouseFile {
  results?: {
    page: string;
    public: boolean;
    scores: Partial<Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>>;
    met: boolean;
    runs?: number[];
  }[];
}
interface FloorFigure {
  rps: number;
  p99: number;
}
const FLOOR_ROUTES = ['collections', 'contents', 'item', 'search', 'public'] as const;
type FloorRoute = (typeof FLOOR_ROUTES)[number];
interface FloorsFile {
  mode: string;
  results: {
    kind: 'pglite' | 'postgres';
    routes: Partial<Record<FloorRoute, { app: FloorFigure; floor: FloorFigure; appBytes: number }>>;
    twoInstances?: { oneRps: number; twoRps: number; p99: number };
    problems: string[];
  }[];
}

const isFloors = (value: unknown): value is FloorsFile =>
  typeof value === 'object' && value !== null && Array.isArray((value as FloorsFile).results);

/** A target line of the final table; `pass` null: not measured, or a figure only reported. */
export interface PartCheck {
  /** The part whose results file gave the figure. */
  part: ScriptPart;
  name: string;
  target: string;
  figure: string;
  pass: boolean | null;
}

/** The median of some figures; undefined for none. */
function medianOf(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Frame times and renders with a tenth below 100 ms: 16.9 against a target of 16 must read so. */
const ms = (value: number) => `${value < 100 ? value.toFixed(1) : Math.round(value)} ms`;
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ROUTE_LABEL: Record<FloorRoute, string> = {
  collections: 'collections list',
  contents: 'contents list',
  item: 'one item of 10,000 words',
  search: 'search',
  public: 'public page',
};

/**
 * The figure and verdict of "app ≥ 70 % of its floor's req/s" (the floors and the public page). A floor that
 * answered nothing in the run gives no ratio: not measured (a loaded machine, a time-out),
 * rather than 0 % or NaN.
 */
function throughputAgainstFloor(
  r: { app: FloorFigure; floor: FloorFigure } | undefined,
): [figure: string | null, pass: boolean | null] {
  if (!r || r.floor.rps <= 0) return [null, null];
  const ratio = r.app.rps / r.floor.rps;
  return [`${Math.round(ratio * 100)} % (${int(r.app.rps)} / ${int(r.floor.rps)})`, ratio >= 0.7];
}

/**
 * One line per target of each part that ran (decision 076). A part that ran without a
 * results file gives its lines as "not measured"; a skipped part gives none.
 */
export function partChecks(parts: ScriptPartResult[]): PartCheck[] {
  const checks: PartCheck[] = [];
  let part: ScriptPart = 'export';
  const add = (name: string, target: string, figure?: string | null, pass?: boolean | null) =>
    checks.push({ part, name, target, figure: figure ?? 'not measured', pass: pass ?? null });
  const resultsOf = <T>(part: ScriptPart) =>
    parts.find((p) => p.part === part)?.results as T | null | undefined;
  const ran = (part: ScriptPart) => parts.some((p) => p.part === part);

  if (ran('export')) {
    part = 'export';
    const e = resultsOf<ExportFile>('export');
    add(
      `export of ${e ? `${int(e.items)} items + ${int(e.fileMb)} MB of files` : '10,000 items + 1 GiB of files'}: server RSS growth`,
      '< 50 MB',
      e &&
        `+${int(e.second.growthMb)} MB (second export, from ${int(e.second.rssBeforeMb)} MB; first +${int(e.first.growthMb)} MB` +
          (e.restarted
            ? `; after a restart +${int(e.restarted.growthMb)} MB from ${int(e.restarted.rssBeforeMb)} MB)`
            : ')'),
      e && e.second.growthMb < 50 && (e.restarted?.growthMb ?? 0) < 50,
    );
  }
  if (ran('import')) {
    part = 'import';
    const i = resultsOf<ImportFile>('import');
    add(
      `import of a ${i ? int(i.notes) : '5,000'}-note vault on PGlite`,
      '< 60 s',
      i && `${i.seconds} s (${i.status}, ${i.errors} errors)`,
      i && i.status === 'done' && i.seconds < 60,
    );
  }
  if (ran('floors')) {
    part = 'floors';
    const f = resultsOf<unknown>('floors');
    const floors = isFloors(f) ? f : undefined;
    const withPostgres = parts.some(
      (p) => p.part === 'floors' && p.args.some((arg) => /^--db=.*postgres/.test(arg)),
    );
    const publicPage = floors?.results.flatMap((db) => db.routes.public ?? [])[0];
    if (withPostgres) {
      const r = floors?.results.find((db) => db.kind === 'postgres')?.routes.public;
      add(
        'public page of 10 items, PostgreSQL, 50 connections: app / floor req/s',
        '≥ 70 %',
        ...throughputAgainstFloor(r),
      );
    }
    add(
      "the public page's bytes (10 items, CSS included)",
      '< 30 kB',
      publicPage && `${int(publicPage.appBytes)} bytes`,
      publicPage && publicPage.appBytes < 30_000,
    );
  }
  if (ran('pipeline')) {
    part = 'pipeline';
    const p = resultsOf<PipelineFile>('pipeline');
    add(
      `board of ${p ? int(p.items) : '500'} items renders (median of 5 loads)`,
      '< 200 ms',
      p && `median ${ms(p.board.median)}, p95 ${ms(p.board.p95)}`,
      p && p.board.median < 200,
    );
    add(
      'drag frames p95',
      '< 16 ms',
      p && `${ms(p.drag.p95)} (${int(p.drag.frames)} frames)`,
      p && p.drag.p95 < 16,
    );
    add(
      'teleprompter, 10,000-word script, frame p95',
      '< 17 ms',
      p && `${ms(p.teleprompter.p95)} (${int(p.teleprompter.frames)} frames)`,
      p && p.teleprompter.p95 < 17,
    );
  }
  if (ran('floors')) {
    part = 'floors';
    const f = resultsOf<unknown>('floors');
    const floors = isFloors(f) ? f : undefined;
    const dbs = floors?.results ?? [];
    // `--repeat=N` records N runs of each database: judged by the medians (decision 184).
    for (const kind of ['postgres', 'pglite'] as const) {
      const runs = dbs.filter((db) => db.kind === kind);
      if (runs.length === 0) continue;
      const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      for (const route of FLOOR_ROUTES) {
        const measured = runs.flatMap((db) => {
          const r = db.routes[route];
          // A side that answered nothing in the run has no ratio: not measured.
          return r && r.app.rps > 0 && r.floor.rps > 0 ? [r] : [];
        });
        if (runs.length === 1) {
          const r = runs[0]?.routes[route];
          const p99 = measured[0] ? measured[0].app.p99 / measured[0].floor.p99 : undefined;
          add(
            `floors: ${label}, ${ROUTE_LABEL[route]}: app / floor req/s`,
            '≥ 70 %',
            ...throughputAgainstFloor(r),
          );
          add(
            `floors: ${label}, ${ROUTE_LABEL[route]}: app p99 / floor p99`,
            '≤ 1.5 ×',
            r && p99 !== undefined
              ? `${p99.toFixed(2)} × (${int(r.app.p99)} / ${int(r.floor.p99)} ms)`
              : null,
            p99 === undefined ? null : p99 <= 1.5,
          );
          continue;
        }
        const ratios = measured.map((r) => r.app.rps / r.floor.rps);
        const p99s = measured.map((r) => r.app.p99 / r.floor.p99);
        const ratio = medianOf(ratios);
        const p99 = medianOf(p99s);
        add(
          `floors: ${label}, ${ROUTE_LABEL[route]}: app / floor req/s, median of ${runs.length} runs`,
          '≥ 70 %',
          ratio === undefined
            ? null
            : `${Math.round(ratio * 100)} % (${ratios.map((v) => Math.round(v * 100)).join(', ')} %)`,
          ratio === undefined ? null : ratio >= 0.7,
        );
        add(
          `floors: ${label}, ${ROUTE_LABEL[route]}: app p99 / floor p99, median of ${runs.length} runs`,
          '≤ 1.5 ×',
          p99 === undefined
            ? null
            : `${p99.toFixed(2)} × (${p99s.map((v) => v.toFixed(2)).join(', ')})`,
          p99 === undefined ? null : p99 <= 1.5,
        );
      }
      const pairs = runs.flatMap((db) => (db.twoInstances ? [db.twoInstances] : []));
      if (pairs.length) {
        add(
          `floors: ${label}, two instances against one (collections list)`,
          'report the ratio',
          pairs
            .map(
              (t) =>
                `× ${(t.twoRps / t.oneRps).toFixed(2)} (${int(t.twoRps)} against ${int(t.oneRps)} req/s)`,
            )
            .join('; '),
          null,
        );
      }
    }
    if (dbs.length === 0) add('floors', 'app ≥ 70 % of floor, p99 ≤ 1.5 ×');
  }
  if (ran('collab')) {
    part = 'collab';
    const c = resultsOf<CollabFile>('collab');
    const latency = (l: CollabLatency | undefined, limit: number) =>
      [
        l && `p95 ${ms(l.applied.p95)} (p50 ${ms(l.applied.median)}, ${int(l.keystrokes)} keys)`,
        l && l.applied.p95 < limit,
      ] as const;
    add(
      'co-editing: keystroke → other client, one instance',
      'p95 < 50 ms',
      ...latency(c?.latencyOneInstance, 50),
    );
    add(
      'co-editing: keystroke → other client, two instances (Redis)',
      'p95 < 100 ms',
      ...latency(c?.latencyTwoInstances, 100),
    );
    const remote = (r: RemoteLatency | undefined) =>
      [
        r && `p95 ${ms(r.applied.p95)} (p50 ${ms(r.applied.median)}, ${int(r.commands)} commands)`,
        r && r.applied.p95 < 150,
      ] as const;
    add(
      'teleprompter remote: phone command → teleprompter, one instance',
      'p95 < 150 ms',
      ...remote(c?.remoteOneInstance),
    );
    add(
      'teleprompter remote: phone command → teleprompter, two instances (Redis)',
      'p95 < 150 ms',
      ...remote(c?.remoteTwoInstances),
    );
    const e = c?.editors;
    add(
      `co-editing: ${e ? `${e.editors} editors on ${e.documents} documents` : '200 editors on 50 documents'}, 2 keys/s: updates lost`,
      '0',
      e &&
        `${e.lostInClients + e.lostInStored} of ${int(e.keystrokes)} (apply p99 ${ms(e.applyLatency.p99)}, server CPU ${Math.round(e.serverCpu.percentOfOneCore)} % of a core)`,
      e && e.lostInClients + e.lostInStored === 0,
    );
    add(
      'co-editing: server RSS per open 10,000-word document',
      '< 2 MB',
      c?.memory && `${c.memory.perDocumentMb.toFixed(2)} MB (${c.memory.documents} documents)`,
      c?.memory && c.memory.perDocumentMb < 2,
    );
    const sc = c?.scale;
    add(
      `co-editing at scale: ${sc ? `${int(sc.connections)} connections on ${int(sc.documents)} documents` : '1,000 connections on 300 documents'}, two instances (Redis): apply latency`,
      'p95 < 100 ms, 0 lost',
      sc &&
        `p95 ${ms(sc.applyLatency.p95)} (other instance ${ms(sc.applyLatency.otherInstance.p95)}), ${sc.lostInClients} of ${int(sc.keystrokes)} lost; RSS ${Math.round(sc.rssMb.afterTyping[0])} / ${Math.round(sc.rssMb.afterTyping[1])} MB`,
      sc && sc.applyLatency.p95 < 100 && sc.lostInClients === 0,
    );
    add(
      'co-editing: convergence test at bench size',
      'passes',
      c?.convergence &&
        `${c.convergence.passed ? 'passed' : 'failed'} (${int(c.convergence.ops)} operations, ${c.convergence.seconds} s)`,
      c?.convergence?.passed,
    );
  }
  if (ran('lighthouse')) {
    part = 'lighthouse';
    const pages = resultsOf<LighthouseFile>('lighthouse')?.results;
    for (const name of ['landing', 'login', 'dashboard', 'writing page', 'public page']) {
      const page = pages?.find((p) => p.page === name);
      const s = page?.scores;
      add(
        `Lighthouse (mobile) ${name}: performance / accessibility / best practices${page?.public === false ? '' : ' / SEO'}`,
        page?.public === false ? '≥ 95 / 100 / 100' : '≥ 95 / 100 / 100 / ≥ 95',
        s &&
          `${s.performance ?? '–'} / ${s.accessibility ?? '–'} / ${s['best-practices'] ?? '–'}${page.public ? ` / ${s.seo ?? '–'}` : ''}${page.runs && page.runs.length > 1 ? ` (performance of each run ${page.runs.join(', ')})` : ''}`,
        page?.met,
      );
    }
  }
  return checks;
}
