// Lighthouse on the product's main pages, with its default mobile emulation (a mid-range phone,
// slow 4G, 4× CPU slowdown): landing, login, dashboard, the writing page and a public page.
// Targets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95 on public pages.
//
//   npm run bench:lighthouse                         every page, three runs each (the median kept)
//   npm run bench:lighthouse -- --runs=1             one run a page
//   npm run bench:lighthouse -- --pages=writing,dashboard   only those pages (by the first word of
//                                                    their name); written to bench/results/tmp/
//   npm run bench:lighthouse -- --reports=<dir>      keep each run's full Lighthouse JSON there
//   npm run bench:lighthouse -- --results=<file>     write the results there
//
// The production server runs on a fresh DATA_DIR (embedded PGlite); Debian's Chromium, driven
// through puppeteer-core (Lighthouse's own), with the session in localStorage for signed-in pages.
// Written to bench/lighthouse-results.json; also a part of `npm run bench` (src/parts.ts). On a shared 2-core machine performance scores vary
// by a few points from run to run.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { Result } from 'lighthouse';
import { call, login, registerVerified } from './api';
import { chromiumPath, script } from './browser';
import { ensureBuilt } from './build';
import { benchDir } from './paths';
import { isRecord, refreshReadme } from './readme-table';
import { onCleanup, runCleanups, startEmbeddedServer } from './processes';
import { pathOf } from '@cw/contract/routes';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => /^--([^=]+)=(.*)$/.exec(arg))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!]),
);
const ONLY = args.get('pages')?.split(',').filter(Boolean) ?? null;
const RUNS = Math.max(1, Number(args.get('runs') ?? 3) || 1);
const REPORTS = args.get('reports') ? path.resolve(args.get('reports')!) : null;
// A partial run never replaces the record.
const RESULTS = path.resolve(
  args.get('results') ??
    (ONLY
      ? path.join(benchDir, 'results', 'tmp', 'lighthouse-partial.json')
      : path.join(benchDir, 'lighthouse-results.json')),
);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The targets; SEO only counts on pages a search engine may see. */
function target(category: Category, isPublic: boolean): number | null {
  if (category === 'performance') return 95;
  if (category === 'seo') return isPublic ? 95 : null;
  return 100;
}

interface Page {
  page: string;
  path: string;
  public: boolean;
  signedIn: boolean;
}

interface PageResult {
  page: string;
  path: string;
  public: boolean;
  scores: Record<Category, number | null>;
  met: boolean;
  /** The lab metrics behind the performance score. */
  metrics: Record<string, string | undefined>;
  failing: string[];
  /** The performance score of every run (the median run is the one kept). */
  runs?: (number | null)[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** One Lighthouse run of a page in a new tab, signed in (the session in localStorage) or not. */
async function audit(
  browser: Browser,
  base: string,
  entry: Page,
  session: { access: string; refresh: string } | null,
): Promise<Result> {
  const page = await browser.newPage();
  // The session where the web app keeps it (web/src/lib/token-storage.ts), or none.
  await page.goto(`${base}/privacy`);
  await page.evaluate((tokens: { access: string; refresh: string } | null) => {
    localStorage.clear();
    if (!tokens) return;
    localStorage.setItem('access_token', `Bearer ${tokens.access}`);
    localStorage.setItem('refresh_token', tokens.refresh);
  }, session);
  const run = await lighthouse(
    `${base}${entry.path}`,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Keeps the session set above (Lighthouse clears storage by default).
      disableStorageReset: session !== null,
    },
    undefined,
    page,
  );
  await page.close();
  if (!run) throw new Error(`Lighthouse gave no result for ${entry.path}`);
  return run.lhr;
}

function resultOf(entry: Page, lhr: Result): PageResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const met = CATEGORIES.every((category) => {
    const wanted = target(category, entry.public);
    return wanted === null || (scores[category] ?? 0) >= wanted;
  });
  // What keeps a score down: the failing audits of the categories scored.
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .filter((audit) => audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
    .map((line) => line.replace(/\u00a0/g, ' '));
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ')]),
  );
  return {
    page: entry.page,
    path: entry.path,
    public: entry.public,
    scores,
    met,
    metrics,
    failing,
  };
}

async function main() {
  ensureBuilt(log);
  const { server, dataDir } = await startEmbeddedServer('lighthouse');
  const base = server.baseUrl;
  const email = 'lighthouse-bench@example.com';
  const password = 'correct horse battery staple 1';
  await registerVerified(base, path.join(dataDir, 'mail'), email, password);
  const account = await login(base, email, password);
  const token = account.access;
  const season = await call(base, 'POST', pathOf('collections.create'), {
    token,
    body: { name: 'Season 4', description: 'Scripts for the fourth season.' },
  });
  const seasonId = (season.body as { id: number }).id;
  const item = await call(base, 'POST', pathOf('contents.create'), {
    token,
    body: { title: 'Pilot', content: script(1500), collections: [seasonId], is_public: true },
  });
  const itemId = (item.body as { id: number }).id;
  const published = await call(base, 'POST', pathOf('collections.publish', { id: seasonId }), {
    token,
  });
  const publicUrl = (published.body as { public_url: string | null }).public_url;
  if (!publicUrl) throw new Error('publishing answered no public_url');

  const pages: Page[] = [
    { page: 'landing', path: '/', public: true, signedIn: false },
    { page: 'login', path: '/login', public: true, signedIn: false },
    { page: 'dashboard', path: '/dashboard', public: false, signedIn: true },
    { page: 'writing page', path: `/content/${itemId}/edit`, public: false, signedIn: true },
    { page: 'public page', path: new URL(publicUrl, base).pathname, public: true, signedIn: false },
  ];

  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  onCleanup(() => browser.close());
  const results: PageResult[] = [];
  const chosen = ONLY ? pages.filter((entry) => ONLY.includes(entry.page.split(' ')[0]!)) : pages;
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  for (const entry of chosen) {
    const runs: PageResult[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const lhr = await audit(browser, base, entry, entry.signedIn ? account : null);
      if (REPORTS) {
        const file = `${entry.page.split(' ')[0]!}-${index + 1}.json`;
        fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
      }
      runs.push(resultOf(entry, lhr));
    }
    // The median run by performance (the other scores hardly move from run to run).
    const sorted = [...runs].sort(
      (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
    );
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const result = { ...median, runs: runs.map((run) => run.scores.performance) };
    results.push(result);
    log(
      `${entry.page.padEnd(14)} ${CATEGORIES.map((c) => `${c} ${result.scores[c] ?? '–'}`).join('  ')}` +
        `  ${result.met ? 'targets met' : 'BELOW TARGET'}` +
        (RUNS > 1 ? `  (performance of each run: ${result.runs.join(', ')})` : ''),
    );
  }

  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(
    RESULTS,
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        mobile: true,
        runs: RUNS,
        // The machine's load when the runs ended: performance depends on it (bench/README.md).
        loadAverage: os.loadavg().map((value) => Math.round(value * 10) / 10),
        results,
      },
      null,
      2,
    )}\n`,
  );
  log(`written to ${path.relative(process.cwd(), RESULTS)}`);
  if (isRecord(RESULTS, 'lighthouse')) await refreshReadme(log);
}

main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    console.error(error);
  })
  .finally(() => runCleanups());
