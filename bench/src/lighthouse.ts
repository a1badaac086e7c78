// Lighthouse on the product's main pages, with its default mobile emulation (a mid-range phone,
// slow 4G, 4× CPU slowdown): landing, login, dashboard, the writing page and a public page.
// Targets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95 on public pages.
//
//   npm run bench:lighthouse                         every page, once
//   npm run bench:lighthouse -- --results=<file>     write the results there
//
// The production server runs on a fresh DATA_DIR (embedded PGlite); Debian's Chromium, driven
// through puppeteer-core (Lighthouse's own), with the session in localStorage for signed-in pages.
// Written to bench/lighthouse-results.json. On a shared 2-core machine performance scores vary
// by a few points from run to run.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { call, login, registerVerified } from './api';
import { chromiumPath, script } from './browser';
import { ensureBuilt } from './build';
import { benchDir } from './paths';
import { onCleanup, runCleanups, startEmbeddedServer } from './processes';
import { pathOf } from '@cw/contract/routes';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => /^--([^=]+)=(.*)$/.exec(arg))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!]),
);
const RESULTS = path.resolve(args.get('results') ?? path.join(benchDir, 'lighthouse-results.json'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The targets; SEO only counts on pages a search engine may see. */
function target(category: Category, isPublic: boolean): number | null {
  if (category === 'performance') return 95;
  if (category === 'seo') return isPublic ? 95 : null;
  return 100;
}

interface PageResult {
  page: string;
  path: string;
  public: boolean;
  scores: Record<Category, number | null>;
  met: boolean;
  failing: string[];
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

  const pages = [
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
  for (const entry of pages) {
    const page = await browser.newPage();
    // The session where the web app keeps it (web/src/lib/token-storage.ts), or none.
    await page.goto(`${base}/privacy`);
    await page.evaluate(
      (tokens: { access: string; refresh: string } | null) => {
        localStorage.clear();
        if (!tokens) return;
        localStorage.setItem('access_token', `Bearer ${tokens.access}`);
        localStorage.setItem('refresh_token', tokens.refresh);
      },
      entry.signedIn ? { access: account.access, refresh: account.refresh } : null,
    );
    const run = await lighthouse(
      `${base}${entry.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Keeps the session set above (Lighthouse clears storage by default).
        disableStorageReset: entry.signedIn,
      },
      undefined,
      page,
    );
    await page.close();
    if (!run) throw new Error(`Lighthouse gave no result for ${entry.path}`);
    const { lhr } = run;
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
      .filter(
        (audit) => audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric',
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    results.push({
      page: entry.page,
      path: entry.path,
      public: entry.public,
      scores,
      met,
      failing,
    });
    log(
      `${entry.page.padEnd(14)} ${CATEGORIES.map((c) => `${c} ${scores[c] ?? '–'}`).join('  ')}` +
        `  ${met ? 'targets met' : 'BELOW TARGET'}`,
    );
  }

  fs.writeFileSync(
    RESULTS,
    `${JSON.stringify({ when: new Date().toISOString(), mobile: true, results }, null, 2)}\n`,
  );
  log(`written to ${path.relative(process.cwd(), RESULTS)}`);
}

main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    console.error(error);
  })
  .finally(() => runCleanups());
