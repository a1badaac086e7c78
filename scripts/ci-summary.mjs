// Sums the JSON reports of every suite CI ran (Vitest and Playwright) into one line:
// "N passed, M failed". Exit code 1 when anything failed or a report is missing.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const expected = process.argv.slice(3);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

for (const name of expected) {
  const file = path.join(dir, `${name}.json`);
  if (!fs.existsSync(file)) {
    problems.push(`${name}: no report (the suite did not run to the end)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    const suiteFailures = (report.testResults ?? []).filter(
      (r) =>
        r.status === 'failed' && (r.assertionResults ?? []).every((a) => a.status !== 'failed'),
    );
    for (const suite of suiteFailures) {
      problems.push(
        `${name}: ${suite.name} failed to run: ${(suite.message ?? '').split('\n')[0]}`,
      );
      failed += 1;
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
    for (const error of report.errors ?? []) {
      problems.push(`${name}: ${String(error.message ?? error).split('\n')[0]}`);
      failed += 1;
    }
  } else {
    problems.push(`${name}: unreadable report`);
    failed += 1;
  }
}
for (const problem of problems) console.log(`  ! ${problem}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
