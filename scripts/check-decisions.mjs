// Checks every decision record in docs/decisions/ (run by `npm run lint`): the shape described in
// docs/decisions/README.md, and that every Amends/Supersedes link is named on both records.
//
//   node scripts/check-decisions.mjs [folder]     prints each problem; exit code 1 if any
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const STATUSES = ['accepted', 'superseded'];
const SECTIONS = ['Context', 'Decision', 'Consequences'];
/** Header lines (after Date and Status), and the line the other record must carry. */
const LINKS = {
  Amends: 'Amended by',
  'Amended by': 'Amends',
  Supersedes: 'Superseded by',
  'Superseded by': 'Supersedes',
};

/** `123 (a note, with commas), 124` → ['123', '124']; null when an entry is not a number. */
function numbersOf(value) {
  let flat = value;
  // Notes may nest parentheses: drop the innermost until none is left.
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, '');
  const entries = flat.split(',').map((entry) => entry.trim());
  return entries.every((entry) => /^\d{3}$/.test(entry)) ? entries : null;
}

/** One record's text → its header fields, sections and problems of shape. */
export function parseRecord(name, text) {
  const problems = [];
  const lines = text.split('\n');
  const number = FILE.exec(name)?.[1];
  if (!number) problems.push('file name is not NNN-kebab-title.md');
  const title = /^# (\d{3}) \S/.exec(lines[0] ?? '');
  if (!title) problems.push('first line is not "# NNN Title"');
  else if (number && title[1] !== number)
    problems.push(`title number ${title[1]} is not the file's ${number}`);

  // The header: the bullet lines between the title and the first section.
  const header = [];
  let index = 1;
  while (index < lines.length && !lines[index].startsWith('## ')) {
    const line = lines[index];
    if (line.startsWith('- ')) header.push(line);
    else if (line.trim() !== '') problems.push(`text before the first section: "${line}"`);
    index += 1;
  }
  const fields = new Map();
  for (const line of header) {
    const field = /^- ([A-Z][a-z]*(?: by)?): (.+)$/.exec(line);
    if (!field) {
      problems.push(`header line is not "- Name: value": "${line}"`);
      continue;
    }
    const [, key, value] = field;
    if (key !== 'Date' && key !== 'Status' && !(key in LINKS)) {
      problems.push(
        `unknown header line "${key}" (Date, Status, ${Object.keys(LINKS).join(', ')})`,
      );
    } else if (fields.has(key)) problems.push(`two "${key}" lines`);
    else fields.set(key, value.trim());
  }
  const keys = [...fields.keys()];
  if (keys[0] !== 'Date' || keys[1] !== 'Status')
    problems.push('the header does not start with "- Date:" then "- Status:"');
  const date = fields.get('Date');
  if (date === undefined) problems.push('no "- Date:" line');
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    problems.push(`Date "${date}" is not YYYY-MM-DD`);
  const status = fields.get('Status');
  if (status === undefined) problems.push('no "- Status:" line');
  else if (!STATUSES.includes(status))
    problems.push(
      `Status "${status}" is not one of ${STATUSES.join(', ')} (links go on their own lines)`,
    );
  if (status === 'superseded' && !fields.has('Superseded by'))
    problems.push('Status superseded without a "- Superseded by:" line');
  if (fields.has('Superseded by') && status !== 'superseded')
    problems.push('"- Superseded by:" with a Status other than superseded');

  const links = {};
  for (const key of Object.keys(LINKS)) {
    if (!fields.has(key)) continue;
    const numbers = numbersOf(fields.get(key));
    if (numbers) links[key] = numbers;
    else
      problems.push(`"${key}: ${fields.get(key)}" does not list record numbers (NNN, NNN (note))`);
  }

  const sections = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
  const found = SECTIONS.map((section) => sections.indexOf(section));
  SECTIONS.forEach((section, i) => {
    if (found[i] === -1) problems.push(`no "## ${section}" section`);
  });
  if (found.every((i) => i !== -1) && !(found[0] < found[1] && found[1] < found[2]))
    problems.push(`sections not in the order ${SECTIONS.join(', ')}`);
  return { number, links, problems };
}

/** Every problem of the records in `dir`, as "file: problem" lines. */
export function checkDecisions(dir) {
  const problems = [];
  const records = new Map();
  const names = fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  for (const name of names.sort()) {
    const record = parseRecord(name, fs.readFileSync(path.join(dir, name), 'utf8'));
    for (const problem of record.problems) problems.push(`${name}: ${problem}`);
    if (!record.number) continue;
    if (records.has(record.number))
      problems.push(`${name}: number ${record.number} is also ${records.get(record.number).name}`);
    else records.set(record.number, { ...record, name });
  }
  for (const record of records.values()) {
    for (const [key, numbers] of Object.entries(record.links)) {
      for (const other of numbers) {
        const target = records.get(other);
        if (!target) problems.push(`${record.name}: ${key} ${other}, which is no record`);
        else if (!(target.links[LINKS[key]] ?? []).includes(record.number))
          problems.push(
            `${record.name}: ${key} ${other}, but ${target.name} has no "- ${LINKS[key]}: ${record.number}"`,
          );
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir =
    process.argv[2] ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
  const problems = checkDecisions(dir);
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length) {
    process.stderr.write(
      `\n${problems.length} problem(s) in ${path.relative(process.cwd(), dir) || dir} (the shape: docs/decisions/README.md)\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`decision records: ${fs.readdirSync(dir).length - 1} checked\n`);
}
