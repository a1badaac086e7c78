// The shape of bench/results.json, and the targets of the server, web and search parts checked
// against it (those of the parts run as child processes: src/parts.ts).
import type { JsDownload, EditorResult } from './browser';
import type { LoadResult, LoginLoad } from './load';
import { partChecks, type ScriptPart, type ScriptPartResult } from './parts';
import type { Memory } from './processes';
import type { Outcome } from './outcome';
import {
  SEARCH_QUERIES,
  type LatencyFigure,
  type SearchQueryKey,
  type SearchResults,
} from './search';

export type { Outcome } from './outcome';

export const API_ENDPOINTS = {
  health: 'GET /api/health',
  collectionsList: 'collections list (page of 50 of 1,000)',
  contentItem: 'single content item',
  contentCreate: 'create content item (POST)',
} as const;
export type ApiEndpoint = keyof typeof API_ENDPOINTS;

export const SCALE_QUERIES = {
  contentsList: 'contents list, first page (10,000 items)',
  contentsByTag: 'contents list `?tag=<id>` (500 tags)',
  tagsByName: 'tags list `?name=tag-04`',
} as const;
export type ScaleQuery = keyof typeof SCALE_QUERIES;

export interface ApiFigure extends LoadResult {
  /** req/s as a share of the bare Fastify route measured just before, in the same run. */
  ratio: number;
}

export interface DatabaseResults {
  kind: 'pglite' | 'postgres';
  label: string;
  seedSeconds: number;
  bare: Outcome<LoadResult>;
  api: Partial<Record<ApiEndpoint, Outcome<ApiFigure>>>;
  underLogins: Outcome<LoginLoad>;
  scale: Partial<Record<ScaleQuery, Outcome<LoadResult>>>;
  memory: { idle?: Memory; afterApi?: Memory };
  /** The search part, on its own data set. */
  search?: SearchResults;
  problems: string[];
}

export interface WebResults {
  landing: Outcome<JsDownload>;
  signedIn: Outcome<JsDownload>;
  editor: Outcome<EditorResult>;
}

export interface Check {
  /** For the target of a part (src/parts.ts): the part whose results file gave the figure. */
  part?: ScriptPart;
  name: string;
  target: string;
  figure: string;
  pass: boolean | null;
}

export interface Results {
  date: string;
  mode: 'full' | 'quick';
  machine: { cores: number; cpu: string; node: string; platform: string; totalMemoryMb: number };
  settings: {
    connections: number;
    durationS: number;
    warmupS: number;
    scaleConnections: number;
    scaleDurationS: number;
    loginsPerS: number;
    serverLogLevel: string;
    seed: Record<string, number>;
    searchSize?: Record<string, number>;
  };
  databases: DatabaseResults[];
  web: WebResults | null;
  /** The benches that also run on their own, run as parts: bench/src/parts.ts. */
  parts: ScriptPartResult[];
  checks: Check[];
  elapsedSeconds: number;
}

export const KB = 1000; // Vite reports kB of 1,000 bytes; the budget facts were measured so.

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

function value<T>(outcome: Outcome<T> | undefined): T | undefined {
  return outcome?.ok ? outcome.value : undefined;
}

export function checksFor(results: Omit<Results, 'checks'>): Check[] {
  const checks: Check[] = [];
  const add = (
    name: string,
    target: string,
    figure: string | undefined,
    pass: boolean | undefined,
  ) => checks.push({ name, target, figure: figure ?? 'not measured', pass: pass ?? null });

  const postgres = results.databases.find((db) => db.kind === 'postgres');
  if (postgres) {
    const list = value(postgres.api.collectionsList);
    add(
      'PostgreSQL: collections list throughput',
      '≥ 35 % of the bare route',
      list && `${Math.round(list.ratio * 100)} %`,
      list && list.ratio >= 0.35,
    );
    for (const key of ['health', 'collectionsList', 'contentItem'] as const) {
      const figure = value(postgres.api[key]);
      add(
        `PostgreSQL: ${API_ENDPOINTS[key]} p99`,
        '< 50 ms',
        figure && ms(figure.p99),
        figure && figure.p99 < 50,
      );
    }
    const underLogins = value(postgres.underLogins);
    add(
      'PostgreSQL: collections list p99 during 10 logins/s',
      '< 100 ms',
      underLogins && ms(underLogins.list.p99),
      underLogins && underLogins.list.p99 < 100,
    );
    for (const key of Object.keys(SCALE_QUERIES) as ScaleQuery[]) {
      const figure = value(postgres.scale[key]);
      add(
        `PostgreSQL: ${SCALE_QUERIES[key]} p50`,
        '< 20 ms',
        figure && ms(figure.p50),
        figure && figure.p50 < 20,
      );
    }
  }
  for (const db of results.databases) {
    if (!db.search) continue;
    const all = value(db.search.all.endpoint);
    const size = sizeNote(db.search);
    if (db.kind === 'postgres') {
      add(`PostgreSQL: search p50${size}`, '< 25 ms', all && ms(all.p50), all && all.p50 < 25);
      add(`PostgreSQL: search p95${size}`, '< 80 ms', all && ms(all.p95), all && all.p95 < 80);
      const save = value(db.search.save);
      add(
        'PostgreSQL: cost added to saving a content item (backend CPU)',
        '< 2 ms',
        save && `${save.addedCpuMsPerSave.toFixed(2)} ms`,
        save && save.addedCpuMsPerSave < 2,
      );
    } else {
      add(`PGlite: search p50${size}`, '< 80 ms', all && ms(all.p50), all && all.p50 < 80);
    }
  }
  for (const db of results.databases) {
    if (!db.memory.idle && !db.memory.afterApi) continue;
    for (const moment of ['idle', 'afterApi'] as const) {
      const memory = db.memory[moment];
      add(
        `${db.label}: server RSS ${moment === 'idle' ? 'idle' : 'after the API benchmark'}`,
        '< 250 MB',
        memory && `${Math.round(memory.rssMb)} MB`,
        memory && memory.rssMb < 250,
      );
    }
  }
  if (results.web) {
    const landing = value(results.web.landing);
    add(
      'landing page JS (gzip)',
      '≤ 90 kB',
      landing && kb(landing.gzipBytes),
      landing && landing.gzipBytes <= 90 * KB,
    );
    const editor = value(results.web.editor);
    add(
      'editor keystroke → next frame p95',
      '≤ 16 ms',
      editor && ms(editor.editor.p95),
      editor && editor.editor.p95 <= 16,
    );
    // Against the browser's own cost of the same script in a bare textarea, in the same run.
    const bare = editor && (editor.floorWithScript ?? editor.floor);
    add(
      'editor keystroke p95 vs a bare textarea with the script',
      '≤ 1.3 ×',
      editor && bare && `${(editor.editor.p95 / bare.p95).toFixed(2)} ×`,
      editor && bare && editor.editor.p95 <= 1.3 * bare.p95,
    );
  }
  checks.push(...partChecks(results.parts));
  return checks;
}

/* ---------------- the printed table (markdown, pasted as is into the README) ---------------- */

const mark = (pass: boolean | null | undefined) =>
  pass === true ? '✓' : pass === false ? '✗ miss' : '';
const int = (value: number) => Math.round(value).toLocaleString('en-US');

function cells<T>(
  outcome: Outcome<T> | undefined,
  show: (value: T) => string[],
  width: number,
): string[] {
  if (!outcome) return Array<string>(width).fill('–');
  if (!outcome.ok)
    return [
      `n/a: ${outcome.error.split('\n')[0]?.slice(0, 60) ?? ''}`,
      ...Array<string>(width - 1).fill(''),
    ];
  return show(outcome.value);
}

function row(values: string[]): string {
  return `| ${values.join(' | ')} |`;
}

function cpuCell(figure: LoadResult): string {
  if (figure.cpuMsPerRequest === null) return '';
  const database = figure.databaseCpuMsPerRequest;
  return `${figure.cpuMsPerRequest.toFixed(2)}${database === null ? '' : ` + ${database.toFixed(2)} db`}`;
}

function apiCells(
  outcome: Outcome<ApiFigure | LoadResult> | undefined,
  baseline = false,
): string[] {
  return cells(
    outcome,
    (figure) => [
      int(figure.rps),
      'ratio' in figure ? `${Math.round(figure.ratio * 100)} %` : baseline ? '100 %' : '',
      ms(figure.p50),
      ms(figure.p99) +
        (figure.non2xx + figure.errors > 0 ? ` (${figure.non2xx + figure.errors} failed)` : ''),
      cpuCell(figure),
    ],
    5,
  );
}

export function renderTables(results: Results): string {
  const lines: string[] = [];
  const dbs = results.databases;
  const checkFor = (name: string) => results.checks.find((check) => check.name === name)?.pass;

  lines.push(
    `${results.date}, ${results.machine.cores} cores (${results.machine.cpu}), Node ${results.machine.node}` +
      `${results.mode === 'quick' ? ', QUICK run (short, not for the README)' : ''}.`,
  );
  const measuredServer = dbs.some(
    (db) => db.memory.idle || Object.keys(db.api).length || Object.keys(db.scale).length,
  );
  if (measuredServer) renderServer(lines, results, checkFor);
  for (const line of renderSearch(results, checkFor)) lines.push(line);
  renderRest(lines, results, checkFor);
  return lines.join('\n');
}

type CheckFor = (name: string) => boolean | null | undefined;

function renderServer(lines: string[], results: Results, checkFor: CheckFor): void {
  const dbs = results.databases;
  const find = (kind: 'pglite' | 'postgres') => dbs.find((db) => db.kind === kind);
  const pglite = find('pglite');
  const postgres = find('postgres');
  const s = results.settings;
  lines.push(
    '',
    `**API**: autocannon, ${s.connections} connections, ${s.durationS} s each after a ${s.warmupS} s warm-up; ` +
      'ratio = req/s ÷ the bare Fastify route measured just before on the same machine; ' +
      'CPU ms/req = CPU time of the server process per answered request (PGlite runs inside it), ' +
      'on PostgreSQL + that of its backends serving the bench database.',
    '',
    row([
      'endpoint',
      'PGlite req/s',
      'ratio',
      'p50',
      'p99',
      'CPU ms/req',
      'PostgreSQL req/s',
      'ratio',
      'p50',
      'p99',
      'CPU ms/req',
      'target (PostgreSQL)',
      '',
    ]),
    row(Array<string>(13).fill('---')),
  );
  lines.push(
    row([
      'bare Fastify JSON route (baseline)',
      ...apiCells(pglite?.bare, true),
      ...apiCells(postgres?.bare, true),
      '',
      '',
    ]),
  );
  const apiTargets: Record<ApiEndpoint, { target: string; checks: string[] }> = {
    health: { target: 'p99 < 50 ms', checks: ['PostgreSQL: GET /api/health p99'] },
    collectionsList: {
      target: '≥ 35 %, p99 < 50 ms',
      checks: [
        'PostgreSQL: collections list throughput',
        `PostgreSQL: ${API_ENDPOINTS.collectionsList} p99`,
      ],
    },
    contentItem: {
      target: 'p99 < 50 ms',
      checks: [`PostgreSQL: ${API_ENDPOINTS.contentItem} p99`],
    },
    contentCreate: { target: '', checks: [] },
  };
  for (const key of Object.keys(API_ENDPOINTS) as ApiEndpoint[]) {
    const { target, checks } = apiTargets[key];
    const passes = checks.map(checkFor);
    const pass =
      passes.length === 0
        ? null
        : passes.includes(false)
          ? false
          : passes.every((p) => p === true)
            ? true
            : null;
    lines.push(
      row([
        API_ENDPOINTS[key],
        ...apiCells(pglite?.api[key]),
        ...apiCells(postgres?.api[key]),
        target,
        mark(pass),
      ]),
    );
  }
  const loginCells = (db: DatabaseResults | undefined) => {
    const outcome = db?.underLogins;
    return apiCells(outcome && (outcome.ok ? { ok: true, value: outcome.value.list } : outcome));
  };
  lines.push(
    row([
      `collections list while ${s.loginsPerS} logins/s run`,
      ...loginCells(pglite),
      ...loginCells(postgres),
      'p99 < 100 ms',
      mark(checkFor('PostgreSQL: collections list p99 during 10 logins/s')),
    ]),
  );
  const loginNote = (db: DatabaseResults | undefined) => {
    const load = db && value(db.underLogins);
    return load
      ? `${db.label}: ${load.logins.ok}/${load.logins.sent} logins answered 200, login p50 ${ms(load.logins.p50)}, p99 ${ms(load.logins.p99)}`
      : undefined;
  };
  const notes = [loginNote(pglite), loginNote(postgres)].filter(Boolean);
  if (notes.length) lines.push('', `Logins during that run: ${notes.join('; ')}.`);

  lines.push(
    '',
    `**Scale**: the user with 10,000 content items and 500 tags; ${s.scaleConnections} client, ${s.scaleDurationS} s per query (latency without queueing).`,
    '',
    row([
      'query',
      'PGlite p50',
      'p99',
      'CPU ms/req',
      'PostgreSQL p50',
      'p99',
      'CPU ms/req',
      'target (PostgreSQL)',
      '',
    ]),
    row(Array<string>(9).fill('---')),
  );
  for (const key of Object.keys(SCALE_QUERIES) as ScaleQuery[]) {
    const show = (db: DatabaseResults | undefined) =>
      cells(db?.scale[key], (figure) => [ms(figure.p50), ms(figure.p99), cpuCell(figure)], 3);
    lines.push(
      row([
        SCALE_QUERIES[key],
        ...show(pglite),
        ...show(postgres),
        'p50 < 20 ms',
        mark(checkFor(`PostgreSQL: ${SCALE_QUERIES[key]} p50`)),
      ]),
    );
  }

  lines.push(
    '',
    '**Memory**: resident set size of the server process.',
    '',
    row(['moment', 'PGlite', 'PostgreSQL', 'target', '']),
    row(Array<string>(5).fill('---')),
  );
  const memoryCell = (
    db: DatabaseResults | undefined,
    pick: (memory: DatabaseResults['memory']) => number | undefined,
  ) => {
    const mb = db ? pick(db.memory) : undefined;
    return mb === undefined ? '–' : `${Math.round(mb)} MB`;
  };
  const memoryPass = (moment: string) => {
    const passes = dbs.map((db) => checkFor(`${db.label}: server RSS ${moment}`));
    return passes.includes(false)
      ? false
      : passes.length > 0 && passes.every((p) => p === true)
        ? true
        : null;
  };
  lines.push(
    row([
      'idle (after start, seeded)',
      memoryCell(pglite, (m) => m.idle?.rssMb),
      memoryCell(postgres, (m) => m.idle?.rssMb),
      '< 250 MB',
      mark(memoryPass('idle')),
    ]),
    row([
      'after the API benchmark',
      memoryCell(pglite, (m) => m.afterApi?.rssMb),
      memoryCell(postgres, (m) => m.afterApi?.rssMb),
      '< 250 MB',
      mark(memoryPass('after the API benchmark')),
    ]),
    row([
      'peak during the run (VmHWM)',
      memoryCell(pglite, (m) => m.afterApi?.peakMb),
      memoryCell(postgres, (m) => m.afterApi?.peakMb),
      '',
      '',
    ]),
  );
}

function renderRest(lines: string[], results: Results, checkFor: CheckFor): void {
  const dbs = results.databases;

  if (results.web) {
    const web = results.web;
    lines.push(
      '',
      '**Web**: headless Chromium, cold cache; gzip level 6 of every JS response.',
      '',
      row(['measure', 'figure', 'target', '']),
      row(Array<string>(4).fill('---')),
    );
    const jsCell = (outcome: Outcome<JsDownload>) =>
      cells(
        outcome,
        (js) => [
          `${kb(js.gzipBytes)} gzip in ${js.files.length} files (${kb(js.rawBytes)} raw${js.servedCompressed ? '' : ', served uncompressed'})`,
        ],
        1,
      )[0] ?? '';
    lines.push(
      row([
        'landing page `/` JS',
        jsCell(web.landing),
        '≤ 90 kB',
        mark(checkFor('landing page JS (gzip)')),
      ]),
      row(['first signed-in screen `/dashboard` JS (cold)', jsCell(web.signedIn), '', '']),
    );
    const editorCell = (pick: (editor: EditorResult) => KeystrokeLike) =>
      cells(
        web.editor,
        (editor) => {
          const figure = pick(editor);
          return [
            `median ${ms(figure.median)}, p95 ${ms(figure.p95)} (${figure.keystrokes} keystrokes)`,
          ];
        },
        1,
      )[0] ?? '';
    const words = web.editor.ok ? `${int(web.editor.value.words)}-word` : '10,000-word';
    lines.push(
      row([
        `editor: keystroke → next frame, ${words} script`,
        editorCell((e) => e.editor),
        'p95 ≤ 16 ms, ≤ 1.3 × the bare textarea with the script',
        mark(
          checkFor('editor keystroke → next frame p95') &&
            checkFor('editor keystroke p95 vs a bare textarea with the script'),
        ),
      ]),
      row(['the same probe on a bare `<textarea>` (floor)', editorCell((e) => e.floor), '', '']),
      ...(web.editor.ok && web.editor.value.floorWithScript
        ? [
            row([
              'a bare `<textarea>` holding the same script',
              editorCell((e) => e.floorWithScript ?? e.floor),
              '',
              '',
            ]),
          ]
        : []),
      ...(web.editor.ok && web.editor.value.bareCodeMirror
        ? [
            row([
              'CodeMirror alone (same extensions, no shared document, no page) holding the script',
              editorCell((e) => e.bareCodeMirror ?? e.floor),
              '',
              '',
            ]),
          ]
        : []),
    );
  }

  if (results.parts.length) {
    const partNames = new Set(partChecks(results.parts).map((check) => check.name));
    lines.push(
      '',
      `**Parts**: ${results.parts
        .map((part) => `\`bench:${part.part}\` (${seconds(part.seconds)})`)
        .join(', ')}, each run as when run alone; figures from their results files (${results.parts
        .map((part) => `\`bench/${part.resultsFile}\``)
        .join(', ')}).`,
      '',
      row(['measure', 'figure', 'target', '']),
      row(Array<string>(4).fill('---')),
      ...results.checks
        .filter((check) => partNames.has(check.name))
        .map((check) => row([check.name, check.figure, check.target, mark(check.pass)])),
    );
  }

  const problems = [
    ...dbs.flatMap((db) => db.problems.map((problem) => `${db.label}: ${problem}`)),
    ...results.parts.flatMap((part) => part.problems.map((problem) => `${part.part}: ${problem}`)),
  ];
  if (problems.length)
    lines.push('', 'Problems during the run:', ...problems.map((problem) => `- ${problem}`));
  const missed = results.checks.filter((check) => check.pass === false);
  lines.push(
    '',
    missed.length
      ? `Targets missed: ${missed.map((check) => `${check.name} (${check.figure}, target ${check.target})`).join('; ')}.`
      : 'Every measured target met.',
  );
}

const seconds = (value: number) => `${Math.round(value).toLocaleString('en-US')} s`;

function latencyCells(outcome: Outcome<LatencyFigure> | undefined, withMatches: boolean): string[] {
  return cells(
    outcome,
    (figure) => [
      ...(withMatches ? [figure.matches === null ? '' : int(figure.matches)] : []),
      ms(figure.p50),
      ms(figure.p95) + (figure.failed > 0 ? ` (${figure.failed} failed)` : ''),
      figure.cpuMsPerRequest === null && figure.databaseCpuMsPerRequest === null
        ? ''
        : `${figure.cpuMsPerRequest === null ? '' : figure.cpuMsPerRequest.toFixed(2)}${
            figure.databaseCpuMsPerRequest === null
              ? ''
              : `${figure.cpuMsPerRequest === null ? '' : ' + '}${figure.databaseCpuMsPerRequest.toFixed(2)} db`
          }`,
    ],
    withMatches ? 4 : 3,
  );
}

/** '' at the target's size, else what share of it was seeded. */
function sizeNote(search: SearchResults): string {
  const { fraction, others } = search.size;
  if (fraction === 1 && others === 1) return '';
  if (fraction === others) return ` (data set at ${fraction} of the target's size)`;
  return ` (measured user at ${fraction}, others at ${others} of the target's size)`;
}

/** The search part: one table per database (endpoint beside its floor), then the save cost. */
function renderSearch(results: Results, checkFor: CheckFor): string[] {
  const lines: string[] = [];
  for (const db of results.databases) {
    const search = db.search;
    if (!search) continue;
    const rows = (c: SearchResults['counts']) =>
      c.contents
        ? `${int(c.contents)} content items of about 1,000 words, ${int(c.notes)} notes in ${int(c.collections)} collections, ${int(c.tags)} tags and ${int(c.files)} files`
        : 'no data';
    const same = search.size.fraction === search.size.others;
    const per = same
      ? `10 users, each with ${rows(search.counts)}`
      : `the measured user with ${rows(search.counts)}, beside 9 users with ${rows(search.otherCounts)}`;
    const seed = search.seedSeconds;
    lines.push(
      '',
      `**Search, ${db.label}**: ${per}${sizeNote(search)}; ` +
        `seeded in ${seconds(seed.total)} (accounts ${seconds(seed.accounts)}, rows ${seconds(seed.rows)}, GIN indexes ${seconds(seed.indexes ?? 0)}, VACUUM ANALYZE ${seconds(seed.vacuum)}). ` +
        `One client, ${results.settings.scaleDurationS} s per query, as the first user; "all queries" weighs each query alike. Matches: \`count\` of the answer; floor: the endpoint's page query (UNION ALL of the five types, ranked, with the total) straight through the driver; headlines: its detail query (\`ts_headline\`) for the page's content items.`,
      '',
      row([
        'query',
        '`q`',
        'matches',
        'endpoint p50',
        'p95',
        'CPU ms/req',
        'floor: page query p50',
        'p95',
        'CPU ms/req',
        'headlines p50',
      ]),
      row(Array<string>(10).fill('---')),
    );
    for (const key of Object.keys(SEARCH_QUERIES) as SearchQueryKey[]) {
      const entry = search.queries[key];
      lines.push(
        row([
          SEARCH_QUERIES[key].label,
          `\`${SEARCH_QUERIES[key].q.replace(/\|/g, '\\|')}\``,
          ...latencyCells(entry?.endpoint, true),
          ...latencyCells(entry?.floor, false),
          entry?.headlines?.ok ? ms(entry.headlines.value.p50) : '',
        ]),
      );
    }
    const target = db.kind === 'postgres' ? 'p50 < 25 ms, p95 < 80 ms' : 'p50 < 80 ms';
    const size = sizeNote(search);
    const pass =
      db.kind === 'postgres'
        ? [checkFor(`PostgreSQL: search p50${size}`), checkFor(`PostgreSQL: search p95${size}`)]
        : [checkFor(`PGlite: search p50${size}`)];
    const allMark = pass.includes(false) ? false : pass.every((p) => p === true) ? true : null;
    lines.push(
      row([
        '**search (all queries)**',
        '',
        '',
        ...latencyCells(search.all.endpoint, false),
        ...latencyCells(search.all.floor, false),
        '',
      ]),
      '',
      `Target (${db.label}): ${target} ${mark(allMark)}`,
    );
    const patch = value(search.patch);
    if (patch) {
      lines.push(
        '',
        `Saving through the API (PATCH of title + ~1,000 words, one client): p50 ${ms(patch.p50)}, p95 ${ms(patch.p95)}, ` +
          `CPU ${latencyCells(search.patch, false)[2] || 'n/a'} ms per save (${patch.requests} saves).`,
      );
    }
    const save = value(search.save);
    if (save) {
      lines.push(
        '',
        `Cost of the search index on a save (PostgreSQL, ${save.saves} UPDATEs of title + ~1,000 words, each committed, ` +
          'interleaved with the same on a copy of the rows without the tsvector column and its GIN index):',
        '',
        row(['table', 'p50', 'p95', 'mean', 'backend CPU ms/save', 'target', '']),
        row(Array<string>(7).fill('---')),
        row([
          '`contents` (tsvector + GIN)',
          ms(save.indexed.p50),
          ms(save.indexed.p95),
          ms(save.indexed.mean),
          save.indexed.cpuMs.toFixed(2),
          '',
          '',
        ]),
        row([
          'copy without them',
          ms(save.plain.p50),
          ms(save.plain.p95),
          ms(save.plain.mean),
          save.plain.cpuMs.toFixed(2),
          '',
          '',
        ]),
        row([
          'GIN pending-list merge, per save',
          '',
          '',
          ms(save.pendingMergeMsPerSave),
          save.pendingMergeCpuMsPerSave.toFixed(2),
          '',
          '',
        ]),
        row([
          '**added per save**',
          '',
          '',
          ms(save.addedMsPerSave),
          save.addedCpuMsPerSave.toFixed(2),
          '< 2 ms (CPU)',
          mark(checkFor('PostgreSQL: cost added to saving a content item (backend CPU)')),
        ]),
      );
    } else if (db.kind === 'postgres' && !search.save.ok) {
      lines.push(
        '',
        `Cost of the search index on a save: not measured (${search.save.error.split('\n')[0]}).`,
      );
    }
    for (const problem of search.problems) lines.push('', `Search problem: ${problem}`);
  }
  return lines;
}

interface KeystrokeLike {
  median: number;
  p95: number;
  keystrokes: number;
}
