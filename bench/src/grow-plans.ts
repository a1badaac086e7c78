// The growth bench's plan checks (PostgreSQL): every hot route is called once on a server that
// records its queries (src/query-capture.mjs), and each query is explained on the same data
// with the settings the route ran under (its SET statements are replayed first). A plan that
// reads a large table (over 10,000 rows) with a sequential scan is a miss. These run in the
// bench, not in CI: seeding 100,000 items alone takes minutes (bench/README.md, "Growth").
// GROW_PLANS_ANALYZE=<file> also appends every query's EXPLAIN (ANALYZE, BUFFERS) to that file,
// by route (with `--plans-only=<url>` on a kept base: where each route's time goes).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { login } from './api';
import type { GrowFacts } from './grow-seed';
import { ROUTES, resolveRoutePaths, type PlanReport } from './grow-routes';
import { repoRoot, benchDir } from './paths';
import { startServer, type RunningProcess, type ServerOptions } from './processes';

/** A table is large when it holds more rows than this (planner statistics). */
const LARGE_ROWS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Total Cost'?: number;
  Plans?: PlanNode[];
}

function seqScansOf(node: PlanNode, large: Set<string>, out: string[]): void {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name']))
    out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScansOf(child, large, out);
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;
const SETTING = /^\s*(set|reset)\b|^\s*select\s+set_config\(/i;
/** A count's estimate (server/src/db/page.ts, estimatedRows) is itself an EXPLAIN: not planned again. */
const ESTIMATE = /^\s*explain\b/i;

export async function checkPlans(
  options: ServerOptions,
  databaseUrl: string,
  facts: GrowFacts,
  account: { email: string; password: string },
  log: (line: string) => void,
): Promise<PlanReport> {
  const captureFile = path.join(path.dirname(options.logFile), 'queries.jsonl');
  const analyzeFile = process.env.GROW_PLANS_ANALYZE;
  const server: RunningProcess = await startServer({
    ...options,
    logFile: path.join(path.dirname(options.logFile), 'capture-server.log'),
    nodeArgs: ['--import', path.join(benchDir, 'src', 'query-capture.mjs')],
    env: {
      GROW_CAPTURE_FILE: captureFile,
      GROW_CAPTURE_FROM: path.join(repoRoot, 'server', 'dist', 'main.js'),
    },
  });
  const { access: token } = await login(server.baseUrl, account.email, account.password);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const report: PlanReport = { largeTables: {}, queries: 0, findings: [], misses: [], errors: [] };
  try {
    const { rows } = await client.query<{ name: string; rows: number }>(
      `select c.relname as name, c.reltuples::float8 as rows from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > ${LARGE_ROWS} order by 2 desc`,
    );
    for (const row of rows) report.largeTables[row.name] = Math.round(Number(row.rows));
    const large = new Set(Object.keys(report.largeTables));
    const paths = await resolveRoutePaths(server.baseUrl, token, facts);
    for (const route of ROUTES) {
      fs.writeFileSync(captureFile, '');
      const spec = paths[route];
      const answer = await fetch(`${server.baseUrl}${spec.path}`, {
        headers: spec.auth ? { authorization: `Bearer ${token}` } : {},
      });
      await answer.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const statements = fs
        .readFileSync(captureFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { text: string; values: unknown[] });
      await client.query('begin');
      try {
        for (const statement of statements) {
          if (CONTROL.test(statement.text) || ESTIMATE.test(statement.text)) continue;
          if (SETTING.test(statement.text)) {
            await client.query(statement.text, statement.values);
            continue;
          }
          report.queries += 1;
          const firstLine = statement.text.replace(/\s+/g, ' ').trim().slice(0, 140);
          try {
            await client.query('savepoint plan');
            const explained = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
              `explain (format json) ${statement.text}`,
              statement.values,
            );
            await client.query('release savepoint plan');
            if (analyzeFile) {
              const analyzed = await client.query<{ 'QUERY PLAN': string }>(
                `explain (analyze, buffers) ${statement.text}`,
                statement.values,
              );
              fs.appendFileSync(
                analyzeFile,
                `\n=== ${route}: ${firstLine}\n${analyzed.rows.map((r) => r['QUERY PLAN']).join('\n')}\n--- ${JSON.stringify(statement)}\n`,
              );
            }
            const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
            if (!plan) continue;
            const seqScans: string[] = [];
            seqScansOf(plan, large, seqScans);
            report.findings.push({
              route,
              query: firstLine,
              seqScans,
              totalCost: plan['Total Cost'] ?? 0,
            });
            for (const table of seqScans) report.misses.push({ route, table, query: firstLine });
          } catch (error) {
            await client.query('rollback to savepoint plan');
            report.errors.push(`${route}: ${firstLine}: ${(error as Error).message}`);
          }
        }
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    await client.end();
    await server.stop();
  }
  log(
    `  plans: ${report.queries} queries of ${ROUTES.length} routes explained; ` +
      `${report.misses.length} sequential scans of large tables` +
      (report.misses.length
        ? `: ${report.misses.map((m) => `${m.route} (${m.table})`).join(', ')}`
        : ''),
  );
  return report;
}
