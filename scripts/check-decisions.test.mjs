import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDecisions } from './check-decisions.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const checker = path.join(here, 'check-decisions.mjs');

const record = ({ number = '001', title = 'A title', header, sections } = {}) =>
  [
    `# ${number} ${title}`,
    '',
    ...(header ?? ['- Date: 2026-11-26', '- Status: accepted']),
    '',
    ...(sections ?? ['Context', 'Decision', 'Consequences']).flatMap((name) => [
      `## ${name}`,
      '',
      'Text.',
      '',
    ]),
  ].join('\n');

let dir;
function folder(files) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-decisions-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the decision records checker', () => {
  it('passes well-formed records linked both ways', () => {
    const problems = checkDecisions(
      folder({
        'README.md': '# Decision records\n',
        '001-first.md': record({
          header: ['- Date: 2026-11-26', '- Status: accepted', '- Amended by: 002 (a note)'],
        }),
        '002-second.md': record({
          number: '002',
          header: ['- Date: 2026-11-26', '- Status: accepted', '- Amends: 001 (its rule (one))'],
          sections: ['Context', 'Decision', 'Consequences', 'Amendment (2026-11-27)'],
        }),
      }),
    );
    expect(problems).toEqual([]);
  });

  it('fails a record without a Status, and says so on the command line', () => {
    const records = folder({
      '001-no-status.md': record({ header: ['- Date: 2026-11-26'] }),
    });
    expect(checkDecisions(records)).toContain('001-no-status.md: no "- Status:" line');
    expect(() => execFileSync(process.execPath, [checker, records], { stdio: 'pipe' })).toThrow(
      /no "- Status:" line/,
    );
  });

  it('fails a title that is not the file number, and a wrong section name', () => {
    const problems = checkDecisions(
      folder({
        '003-x.md': record({ number: '030', sections: ['Context', 'Decision', 'Consequence'] }),
      }),
    );
    expect(problems).toEqual([
      "003-x.md: title number 030 is not the file's 003",
      '003-x.md: no "## Consequences" section',
    ]);
  });

  it('fails a link in the Status line and a link named on one side only', () => {
    const problems = checkDecisions(
      folder({
        '001-first.md': record({
          header: ['- Date: 2026-11-26', '- Status: accepted (amends 002)'],
        }),
        '002-second.md': record({ number: '002' }),
        '003-third.md': record({
          number: '003',
          header: ['- Date: 2026-11-26', '- Status: accepted', '- Supersedes: 002'],
        }),
      }),
    );
    expect(problems).toEqual([
      '001-first.md: Status "accepted (amends 002)" is not one of accepted, superseded (links go on their own lines)',
      '003-third.md: Supersedes 002, but 002-second.md has no "- Superseded by: 003"',
    ]);
  });

  it("passes this repository's records", () => {
    expect(checkDecisions(path.join(here, '..', 'docs', 'decisions'))).toEqual([]);
  });
});
