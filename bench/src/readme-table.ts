// The table of benchmark results in the repository's README, written from the committed results
// files only (bench/results.json and each part's file), so the README shows no figure that a
// bench did not write. `npm run bench` and each part run at full size rewrite it; `npm run lint`
// runs this with --check and fails when the README differs from the files.
//
//   npm run bench:readme                 write the table into README.md between its markers
//   tsx bench/src/readme-table.ts --check   exit 1 if README.md's table is not the files'
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { partChecks, SCRIPT_PARTS, SCRIPTS, type ScriptPart } from './parts';
import { benchDir, repoRoot } from './paths';
import type { Check } from './results';

export const README = path.join(repoRoot, 'README.md');
const START =
  '<!-- bench-table:start: written by `npm run bench` from bench/*.json; do not edit -->';
const END = '<!-- bench-table:end -->';

interface Row {
  bench: string;
  file: string;
  date: string | null;
  checks: Check[];
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** When a results file was written: `date`, or `when` (the Lighthouse part's). */
const dateOf = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { date, when } = value as { date?: unknown; when?: unknown };
  return typeof date === 'string' ? date : typeof when === 'string' ? when : null;
};

/** One row per committed results file: the full run's own targets, then each part's. */
export function recordedRows(dir = benchDir): Row[] {
  const rows: Row[] = [];
  const full = readJson(path.join(dir, 'results.json')) as { checks?: Check[] } | null;
  rows.push({
    bench: '`npm run bench`: API, scale, memory, bundle, editor, search',
    file: 'results.json',
    date: dateOf(full),
    // The parts' targets come from their own files below, which a part run alone also updates.
    checks: (full?.checks ?? []).filter((check) => !check.part),
  });
  for (const part of SCRIPT_PARTS) {
    const file = SCRIPTS[part].results;
    const results = readJson(path.join(dir, file));
    rows.push({
      bench: `\`npm run bench:${part}\`: ${SCRIPTS[part].what}`,
      file,
      date: dateOf(results),
      checks: partChecks([
        {
          part,
          // The floors' record runs on both databases (src/parts.ts, recordsFull).
          args: part === 'floors' ? ['--db=pglite,postgres', '--instances'] : [],
          resultsFile: file,
          exitCode: 0,
          seconds: 0,
          results,
          problems: [],
        },
      ]),
    });
  }
  return rows;
}

const day = (date: string | null) => (date ? date.slice(0, 10) : 'never');

/** The markdown between the markers (before prettier). */
export function renderTable(rows: Row[]): string {
  const lines = [
    '| bench | recorded | targets met | missed (figure, target) |',
    '| --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const judged = row.checks.filter((check) => check.pass !== null);
    const met = judged.filter((check) => check.pass === true).length;
    const missed = judged
      .filter((check) => check.pass === false)
      .map((check) => `${check.name} (${check.figure}, target ${check.target})`);
    lines.push(
      `| ${row.bench} ([${row.file}](bench/${row.file})) | ${day(row.date)} | ${
        judged.length ? `${met} of ${judged.length}` : 'none measured'
      } | ${missed.length ? missed.join('; ').replace(/\|/g, '\\|') : '–'} |`,
    );
  }
  return lines.join('\n');
}

/** README.md with its table replaced by the one the files give, formatted as `npm run lint` wants. */
export async function readmeWithTable(readme = README, dir = benchDir): Promise<string> {
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${readme} has no bench table markers`);
  const updated = `${text.slice(0, start + START.length)}\n\n${renderTable(recordedRows(dir))}\n\n${text.slice(end)}`;
  const options = (await resolveConfig(readme)) ?? {};
  return format(updated, { ...options, filepath: readme });
}

/** Rewrites the README's table; never throws (a bench fails nothing), says what happened. */
export async function refreshReadme(log: (line: string) => void = () => {}): Promise<void> {
  try {
    const next = await readmeWithTable();
    if (next !== fs.readFileSync(README, 'utf8')) {
      fs.writeFileSync(README, next);
      log('README.md: the bench table was rewritten from the results files');
    }
  } catch (error) {
    log(`README.md: bench table not written: ${(error as Error).message}`);
  }
}

/** For a part script: whether `file` is the committed record (then the README follows it). */
export function isRecord(file: string, part: ScriptPart): boolean {
  return path.resolve(file) === path.join(benchDir, SCRIPTS[part].results);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const next = await readmeWithTable();
  if (check) {
    if (next !== fs.readFileSync(README, 'utf8')) {
      process.stderr.write(
        "README.md's bench table is not what bench/*.json say: run `npm run bench:readme` and commit it.\n",
      );
      process.exit(1);
    }
  } else {
    fs.writeFileSync(README, next);
    process.stdout.write('README.md: bench table written from bench/*.json\n');
  }
}
