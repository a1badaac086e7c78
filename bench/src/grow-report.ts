// The growth bench's table (bench/GROWTH.md) and chart (bench/grow-chart.png), written from
// bench/grow-results.json by `npm run bench:grow` (and alone: `npx tsx bench/src/grow-report.ts
// [results file] [out dir]`). The chart is a plain SVG drawn here and turned into a PNG by the
// Debian Chromium through playwright-core (no chart library, nothing downloaded).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { launchBrowser } from './browser';
import { benchDir } from './paths';
import {
  ROUTES,
  ROUTE_LABEL,
  type GrowResults,
  type Kind,
  type Route,
  type RunFigures,
} from './grow-routes';

const DB_LABEL: Record<Kind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const SEARCH_ROUTES: Route[] = ['searchWord', 'searchPhrase', 'searchTag', 'searchPrefix'];
const LIST_ROUTES: Route[] = [
  'collections',
  'contents',
  'contentsFiltered',
  'contentsDeep',
  'board',
];
/** The floors bench's routes (src/floors.ts) that match one of ours, for the comparison. */
const FLOOR_OF: Partial<Record<Route, string>> = {
  collections: 'collections',
  contents: 'contents',
  item: 'item',
  searchWord: 'search',
  publicPage: 'public',
};

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';
/** A latency; null (NaN in JSON) when every request was slower than the run (not measured). */
const ms = (value: number | null | undefined) =>
  value === undefined || value === null || !Number.isFinite(value)
    ? 'too slow'
    : value < 10
      ? n(value, 1)
      : n(value);
const ok = (value: number | null, limit: number) =>
  value !== null && Number.isFinite(value) && value < limit;
/** CPU time per request, server + PostgreSQL's backends: the service time, without queueing. */
const cpuOf = (f: { cpuMsPerRequest: number | null; databaseCpuMsPerRequest: number | null }) =>
  f.cpuMsPerRequest === null ? Number.NaN : f.cpuMsPerRequest + (f.databaseCpuMsPerRequest ?? 0);
const cpu = (f: { cpuMsPerRequest: number | null; databaseCpuMsPerRequest: number | null }) =>
  Number.isFinite(cpuOf(f)) ? `CPU ${n(cpuOf(f), 1)}` : 'CPU –';
const sizeLabel = (items: number) =>
  items >= 1_000_000 ? `${n(items / 1_000_000)}M` : `${n(items / 1000)}k`;

function runsOf(results: GrowResults, kind: Kind): RunFigures[] {
  return results.runs.filter((run) => run.kind === kind).sort((a, b) => a.items - b.items);
}

/** The floors' recorded app figures (bench/floors-results.json), if any. */
function floorFigures(): Map<string, Map<string, { p50: number; rps: number }>> {
  const out = new Map<string, Map<string, { p50: number; rps: number }>>();
  try {
    const file = JSON.parse(
      fs.readFileSync(path.join(benchDir, 'floors-results.json'), 'utf8'),
    ) as {
      results: { kind: string; routes: Record<string, { app: { p50: number; rps: number } }> }[];
    };
    for (const result of file.results) {
      const routes = new Map<string, { p50: number; rps: number }>();
      for (const [route, figures] of Object.entries(result.routes))
        routes.set(route, { p50: figures.app.p50, rps: figures.app.rps });
      out.set(result.kind, routes);
    }
  } catch {
    // No floors recorded: the column stays empty.
  }
  return out;
}

function targetsSection(results: GrowResults): string[] {
  const pg = runsOf(results, 'postgres');
  const smallest = pg[0];
  const largest = pg.at(-1);
  if (!smallest || !largest) return [];
  const lines = [
    `## Targets, PostgreSQL at ${sizeLabel(largest.items)} items (the largest account)`,
    '',
    `The targets (bench/README.md, "Growth") are set at 1M items; this run's largest size is ${sizeLabel(largest.items)}.`,
    '',
    '| target | figure | |',
    '| --- | --- | --- |',
  ];
  const mark = (ok: boolean) => (ok ? '✓' : '✗ miss');
  for (const route of ROUTES) {
    const small = smallest.routes[route];
    const big = largest.routes[route];
    if (!small || !big || smallest === largest) continue;
    const ratio = (big.p50 ?? Number.NaN) / (small.p50 ?? Number.NaN);
    const cpuRatio = cpuOf(big) / cpuOf(small);
    lines.push(
      `| ${ROUTE_LABEL[route]}: p50 at ${sizeLabel(largest.items)} ≤ 1.5 × p50 at ${sizeLabel(smallest.items)} | ${ms(big.p50)} / ${ms(small.p50)} ms = ${n(ratio, 2)} ×; CPU per request ${n(cpuOf(big), 1)} / ${n(cpuOf(small), 1)} ms = ${n(cpuRatio, 2)} × | ${mark(Number.isFinite(ratio) && ratio <= 1.5)} |`,
    );
  }
  // The absolute targets: one client where the run measured it, else the 50 connections.
  const absolute = (route: Route) => {
    const big = largest.routes[route];
    if (!big) return undefined;
    return big.oneClient
      ? { p50: big.oneClient.p50, p99: big.oneClient.p99, how: 'one client' }
      : { p50: big.p50, p99: big.p99, how: `${results.settings.connections} connections` };
  };
  for (const route of SEARCH_ROUTES) {
    const big = absolute(route);
    if (!big) continue;
    lines.push(
      `| ${ROUTE_LABEL[route]}: p50 < 25 ms, p99 < 150 ms | ${ms(big.p50)} / ${ms(big.p99)} ms (${big.how}) | ${mark(ok(big.p50, 25) && ok(big.p99, 150))} |`,
    );
  }
  for (const route of LIST_ROUTES) {
    const big = absolute(route);
    if (!big) continue;
    lines.push(
      `| ${ROUTE_LABEL[route]}: p50 < 10 ms | ${ms(big.p50)} ms (${big.how}) | ${mark(ok(big.p50, 10))} |`,
    );
  }
  if (largest.plans) {
    const misses = largest.plans.misses;
    lines.push(
      `| no sequential scan of a large table on a hot route (EXPLAIN of ${largest.plans.queries} queries) | ${misses.length === 0 ? 'none' : misses.map((m) => `${ROUTE_LABEL[m.route]}: ${m.table}`).join('; ')} | ${mark(misses.length === 0)} |`,
    );
  }
  lines.push(
    '',
    'The ratios are read at 50 connections, the absolute targets with one client ("One client"):',
    'at 50 connections on two shared cores a p50 is mostly queueing (Little’s law: 50 in flight',
    'at R req/s wait about 50/R s each), so there the CPU per request is the fairer reading. The',
    'targets were set for 1M items: see docs/operations.md, "Capacity", for what is measured and',
    'what is next.',
    '',
  );
  return lines;
}

/** What the run saw of the machine: the load it sampled, and the operator's note. */
function machineLine(results: GrowResults): string {
  const { loadDuring, loadAverage, note, cores } = results.machine;
  const load = loadDuring
    ? `load average ${n(loadDuring[0], 1)}–${n(loadDuring[1], 1)} during the run`
    : `load average at the end ${loadAverage.map((l) => n(l, 1)).join(', ')}`;
  return `Machine: ${load} (the bench's own server, database and clients keep its ${cores} cores busy)${note ? `; ${note}` : ''}.`;
}

export function growthMarkdown(results: GrowResults, source = 'bench/grow-results.json'): string {
  const floors = floorFigures();
  const columns = (['postgres', 'pglite'] as const).flatMap((kind) =>
    runsOf(results, kind).map((run) => ({ kind, run })),
  );
  const out: string[] = [
    '# Growth: how cost grows with the data',
    '',
    `Written by \`npm run bench:grow\` from \`${source}\` (${results.date.slice(0, 16).replace('T', ' ')} UTC,`,
    `${results.machine.cores} cores, Node ${results.machine.node}, ${results.settings.connections} connections,`,
    `${results.settings.durationS} s per route after ${results.settings.warmupS} s; whole run ${n(results.totalSeconds / 60, 1)} min).`,
    machineLine(results),
    'Do not edit: see bench/README.md, "Growth".',
    '',
    '## The deployments',
    '',
    '| | ' + columns.map((c) => `${DB_LABEL[c.kind]} ${sizeLabel(c.run.items)}`).join(' | ') + ' |',
    '| --- | ' + columns.map(() => '---:').join(' | ') + ' |',
  ];
  const row = (label: string, cell: (run: RunFigures) => string) =>
    out.push(`| ${label} | ${columns.map((c) => cell(c.run)).join(' | ')} |`);
  row('people', (r) => n(r.facts.rows.users ?? 0));
  row(
    'content items (in the trash)',
    (r) => `${n(r.facts.rows.contents ?? 0)} (${n(r.facts.rows.trashed_contents ?? 0)})`,
  );
  row('words', (r) => n(r.facts.rows.words ?? 0));
  row('largest account (live items)', (r) => n(r.facts.heavyItems));
  row(
    'collections / shares / published',
    (r) =>
      `${n(r.facts.rows.collections ?? 0)} / ${n(r.facts.rows.shares ?? 0)} / ${n(r.facts.rows.published_collections ?? 0)}`,
  );
  row(
    'tags / item tags',
    (r) => `${n(r.facts.rows.tags ?? 0)} / ${n(r.facts.rows.content_tags ?? 0)}`,
  );
  row('versions', (r) => n(r.facts.rows.versions ?? 0));
  row('seeding (s)', (r) => n(r.seedSeconds));
  row('database on disk (MB)', (r) => n(r.dbSizeMb));
  row(
    'server RSS idle / after the routes / peak (MB)',
    (r) => `${n(r.serverRss.idleMb)} / ${n(r.serverRss.afterMb)} / ${n(r.serverRss.peakMb)}`,
  );
  out.push(
    '',
    '## Routes of the largest account',
    '',
    'p50 / p99 ms and req/s at 50 connections; CPU: ms of CPU per request, the server plus',
    'PostgreSQL’s backends (the service time without the queueing; on PGlite the server alone).',
    '',
  );
  out.push(
    '| route | ' +
      columns.map((c) => `${DB_LABEL[c.kind]} ${sizeLabel(c.run.items)}`).join(' | ') +
      ' | floors run (10k seed) |',
  );
  out.push('| --- | ' + columns.map(() => '---:').join(' | ') + ' | ---: |');
  for (const route of ROUTES) {
    const floor = FLOOR_OF[route];
    const floorCell = floor
      ? (['postgres', 'pglite'] as const)
          .map((kind) => floors.get(kind)?.get(floor))
          .map((f, i) => (f ? `${i === 0 ? 'PG' : 'PGlite'} ${ms(f.p50)} ms, ${n(f.rps)}/s` : ''))
          .filter(Boolean)
          .join('; ')
      : '';
    out.push(
      `| ${ROUTE_LABEL[route]} | ${columns
        .map((c) => {
          const f = c.run.routes[route];
          return f ? `${ms(f.p50)} / ${ms(f.p99)}, ${n(f.rps)}/s, ${cpu(f)}` : '–';
        })
        .join(' | ')} | ${floorCell} |`,
    );
  }
  out.push(
    '',
    'The floors column is the app side of `bench/floors-results.json` (its own seed of 10,000 items',
    'for one person, recorded on another day): the same kind of route at a comparable size.',
    '',
  );
  if (columns.some((c) => Object.values(c.run.routes).some((f) => f?.oneClient))) {
    out.push(
      '## One client',
      '',
      'The same routes with one client, one request at a time (p50 / p99 ms, req/s): the latency',
      'a person meets on an idle instance, which the absolute targets below are read against.',
      '',
      '| route | ' +
        columns.map((c) => `${DB_LABEL[c.kind]} ${sizeLabel(c.run.items)}`).join(' | ') +
        ' |',
      '| --- | ' + columns.map(() => '---:').join(' | ') + ' |',
    );
    for (const route of ROUTES)
      out.push(
        `| ${ROUTE_LABEL[route]} | ${columns
          .map((c) => {
            const f = c.run.routes[route]?.oneClient;
            return f ? `${ms(f.p50)} / ${ms(f.p99)}, ${n(f.rps)}/s` : '–';
          })
          .join(' | ')} |`,
      );
    out.push('');
  }
  out.push(
    '## The whole base and the largest account',
    '',
    '| | ' + columns.map((c) => `${DB_LABEL[c.kind]} ${sizeLabel(c.run.items)}`).join(' | ') + ' |',
    '| --- | ' + columns.map(() => '---:').join(' | ') + ' |',
  );
  row('export of the largest account: s, MB zip', (r) =>
    r.export ? `${n(r.export.seconds, 1)} s, ${n(r.export.zipMb, 1)} MB` : '–',
  );
  row('export: server RSS before → peak (MB)', (r) =>
    r.export ? `${n(r.export.rssBeforeMb)} → ${n(r.export.rssPeakMb)}` : '–',
  );
  row('import of that export: s', (r) =>
    r.import
      ? `${n(r.import.seconds, 1)} s (${r.import.status}, ${n(r.import.created.content ?? 0)} items)`
      : '–',
  );
  row('import: server RSS before → peak (MB)', (r) =>
    r.import ? `${n(r.import.rssBeforeMb)} → ${n(r.import.rssPeakMb)}` : '–',
  );
  row('trash purge at start-up: s (items purged)', (r) =>
    r.purge
      ? `${n(r.purge.seconds, 1)} s (${n(Number(r.purge.result.expiredBefore ?? 0) - Number(r.purge.result.expiredLeft ?? 0))})`
      : '–',
  );
  row('version pruning, whole base: s (versions removed)', (r) =>
    r.pruning ? `${n(r.pruning.seconds, 2)} s (${n(r.pruning.removed)})` : '–',
  );
  out.push('');
  out.push(...targetsSection(results));
  const planned = results.runs.filter((run) => run.plans);
  if (planned.length) {
    out.push('## Query plans (PostgreSQL, EXPLAIN of every query each route ran)', '');
    for (const run of planned) {
      const plans = run.plans!;
      out.push(
        `- ${sizeLabel(run.items)}: ${plans.queries} queries; large tables ${Object.entries(
          plans.largeTables,
        )
          .map(([t, rows]) => `${t} (${n(rows)})`)
          .join(', ')}; sequential scans of them: ${
          plans.misses.length
            ? plans.misses.map((m) => `${ROUTE_LABEL[m.route]} → ${m.table}`).join('; ')
            : 'none'
        }${plans.errors.length ? `; ${plans.errors.length} not explained` : ''}.`,
      );
    }
    out.push('');
  }
  const problems = results.runs.flatMap((run) =>
    run.problems.map((p) => `${DB_LABEL[run.kind]} ${sizeLabel(run.items)}: ${p}`),
  );
  if (problems.length)
    out.push('## Problems seen during the run', '', ...problems.map((p) => `- ${p}`), '');
  out.push('![p50 and p99 of each route against size](grow-chart.png)', '');
  return out.join('\n');
}

const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#843c39',
];

/** One panel per database: p50 (solid) and p99 (dashed) of each route, log-log. */
export function growthSvg(results: GrowResults): string {
  const kinds = (['postgres', 'pglite'] as const).filter((kind) => runsOf(results, kind).length);
  const panelW = 520;
  const panelH = 380;
  const margin = { left: 60, top: 40, bottom: 50, right: 20 };
  const legendW = 300;
  const width = kinds.length * (panelW + margin.left + margin.right) + legendW;
  const height = panelH + margin.top + margin.bottom;
  const all = results.runs
    .flatMap((run) => Object.values(run.routes).flatMap((f) => (f ? [f.p50, f.p99] : [])))
    .filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  const sizes = [...new Set(results.runs.map((run) => run.items))].sort((a, b) => a - b);
  const yMin = Math.max(0.5, Math.min(...all) * 0.8);
  const yMax = Math.max(...all) * 1.25;
  const xMin = (sizes[0] ?? 1) / 1.5;
  const xMax = (sizes.at(-1) ?? 10) * 1.5;
  const x = (items: number) => (Math.log(items / xMin) / Math.log(xMax / xMin)) * panelW;
  const y = (value: number) => panelH - (Math.log(value / yMin) / Math.log(yMax / yMin)) * panelH;
  const parts: string[] = [];
  kinds.forEach((kind, index) => {
    const ox = index * (panelW + margin.left + margin.right) + margin.left;
    const oy = margin.top;
    parts.push(`<g transform="translate(${ox},${oy})">`);
    parts.push(`<rect width="${panelW}" height="${panelH}" fill="#fff" stroke="#999"/>`);
    parts.push(
      `<text x="${panelW / 2}" y="-14" text-anchor="middle" font-size="16" font-weight="bold">${DB_LABEL[kind]}</text>`,
    );
    for (let decade = Math.pow(10, Math.floor(Math.log10(yMin))); decade <= yMax; decade *= 10) {
      for (const m of [1, 2, 5]) {
        const v = decade * m;
        if (v < yMin || v > yMax) continue;
        parts.push(`<line x1="0" x2="${panelW}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
        parts.push(`<text x="-6" y="${y(v) + 4}" text-anchor="end" font-size="11">${v}</text>`);
      }
    }
    for (const size of sizes) {
      parts.push(`<line x1="${x(size)}" x2="${x(size)}" y1="0" y2="${panelH}" stroke="#eee"/>`);
      parts.push(
        `<text x="${x(size)}" y="${panelH + 18}" text-anchor="middle" font-size="12">${sizeLabel(size)} items</text>`,
      );
    }
    parts.push(
      `<text transform="translate(-44,${panelH / 2}) rotate(-90)" text-anchor="middle" font-size="12">ms (log)</text>`,
    );
    const runs = runsOf(results, kind);
    ROUTES.forEach((route, r) => {
      for (const [key, dash] of [
        ['p50', ''],
        ['p99', '5,4'],
      ] as const) {
        const points = runs.flatMap((run) => {
          const f = run.routes[route];
          const value = f?.[key];
          return value !== undefined && value !== null && Number.isFinite(value)
            ? [[x(run.items), y(Math.max(yMin, value))]]
            : [];
        });
        if (!points.length) continue;
        parts.push(
          `<polyline fill="none" stroke="${COLORS[r % COLORS.length]}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ''} points="${points.map((p) => p.join(',')).join(' ')}"/>`,
        );
        for (const [px, py] of points)
          parts.push(`<circle cx="${px}" cy="${py}" r="3" fill="${COLORS[r % COLORS.length]}"/>`);
      }
    });
    parts.push('</g>');
  });
  const lx = kinds.length * (panelW + margin.left + margin.right) + 10;
  parts.push(`<g transform="translate(${lx},${margin.top})" font-size="12">`);
  ROUTES.forEach((route, r) => {
    parts.push(
      `<line x1="0" x2="24" y1="${r * 20}" y2="${r * 20}" stroke="${COLORS[r % COLORS.length]}" stroke-width="3"/>`,
    );
    parts.push(
      `<text x="30" y="${r * 20 + 4}">${ROUTE_LABEL[route].replace(/&/g, '&amp;')}</text>`,
    );
  });
  const ly = ROUTES.length * 20 + 14;
  parts.push(
    `<line x1="0" x2="24" y1="${ly}" y2="${ly}" stroke="#333" stroke-width="2"/><text x="30" y="${ly + 4}">p50</text>`,
  );
  parts.push(
    `<line x1="0" x2="24" y1="${ly + 20}" y2="${ly + 20}" stroke="#333" stroke-width="2" stroke-dasharray="5,4"/><text x="30" y="${ly + 24}">p99</text>`,
  );
  parts.push(
    `<text x="0" y="${ly + 52}" font-size="11" fill="#555">50 connections; shared 2-core machine</text>`,
  );
  parts.push('</g>');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}

export async function writeGrowthReport(
  results: GrowResults,
  outDir: string,
  log: (line: string) => void,
): Promise<void> {
  const mdFile = path.join(outDir, 'GROWTH.md');
  // Where the results sit, as the table names them (bench/grow-results.json, bench/grow-1m/…).
  const resultsPath = path.join(outDir, 'grow-results.json');
  const inRepo = path.relative(path.dirname(benchDir), resultsPath);
  const markdown = growthMarkdown(results, inRepo.startsWith('..') ? resultsPath : inRepo);
  const options = (await resolveConfig(mdFile)) ?? {};
  fs.writeFileSync(mdFile, await format(markdown, { ...options, parser: 'markdown' }));
  const svg = growthSvg(results);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(outDir, 'grow-chart.png') });
  } finally {
    await browser.close();
  }
  log(`table: ${mdFile}; chart: ${path.join(outDir, 'grow-chart.png')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? path.join(benchDir, 'grow-results.json');
  const outDir = process.argv[3] ?? path.dirname(file);
  const results = JSON.parse(fs.readFileSync(file, 'utf8')) as GrowResults;
  await writeGrowthReport(results, outDir, (line) => process.stdout.write(`${line}\n`));
}
