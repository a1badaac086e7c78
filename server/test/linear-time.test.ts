import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, linkTargetsOf } from '@cw/contract';
import { splitMentions } from '@cw/contract/mentions';
import { emphasisTooCostly, nestedTooDeep } from '@cw/contract/markdown';
import { spokenWords } from '@cw/contract/script';
import { linkEmbeds, wikiEmbeds } from '../src/library/import-export/import-embeds';
import { planImport } from '../src/library/import-export/import-plan';
import { EXPORT_FORMAT } from '../src/library/import-export/export-format';
import { inlineTags, notionTags, splitFrontMatter } from '../src/library/import-export/import-text';
import { attachedImageId } from '@cw/contract/markdown-images';
import { renderItemText } from '../src/library/publishing/public-html';
import { excerpt } from '../src/library/publishing/public-excerpt';
import { escapeHtml, invitationMail } from '../src/mail/messages';
import { parseSearch } from '../src/library/search/query';
import { plainMarkdown } from '../src/library/search/plain-markdown';
import { rangesIn, unmark } from '../src/library/search/snippets';

/**
 * Every pattern that reads someone's text (an import's notes, the markdown rules, the search
 * box, mails) runs in linear time on 1 MB of its worst input (docs/operations.md, "Background jobs";
 * decision 186): a pattern tried at every position that reads on to the line's end from each
 * takes the square of the line's length, and one 30 KB line held the server for 17 s.
 *
 * Judged by growth, not by a clock: the best of three runs on 1 MB must take less than 10 times
 * the best of three on 256 KB (linear: 4, a little more when the collector works harder on large
 * strings; quadratic: 16), plus 150 ms, and under 2 s. The 150 ms are for a noisy machine and for
 * the collector: work that makes many small objects outgrows V8's young generation between
 * 256 KB and 1 MB (65,000 mentions: 5 ms, then 83–103 ms, then twice that at 2 MB). A quadratic
 * pattern fails both by far: at 1 MB it takes minutes.
 */

const MB = 1024 * 1024;

function bestOf(run: () => unknown, times = 3): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** `unit` repeated to `bytes` characters. */
const repeated = (unit: string, bytes: number) =>
  unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

function expectLinear(work: (text: string) => unknown, unit: string | ((bytes: number) => string)) {
  const make = typeof unit === 'string' ? (bytes: number) => repeated(unit, bytes) : unit;
  const small = make(MB / 4);
  const large = make(MB);
  // A first look at 64 KB: a quadratic pattern is found here in well under a second.
  expect(bestOf(() => work(make(MB / 16)), 1)).toBeLessThan(1000);
  const quarter = bestOf(() => work(small));
  const whole = bestOf(() => work(large));
  expect(whole, `1 MB took ${whole.toFixed(1)} ms, 256 KB ${quarter.toFixed(1)} ms`).toBeLessThan(
    10 * quarter + 150,
  );
  expect(whole).toBeLessThan(2000);
}

const vault = (text: string) =>
  planImport(['Vault/a.md', 'Vault/x.png'], new Map([['Vault/a.md', text]]), undefined);

describe('patterns over an import’s notes run in linear time on 1 MB of their worst input', () => {
  const worst: [string, string][] = [
    ['`![[` repeated (no closing brackets)', '![['],
    ['`![[a|` repeated', '![[a|'],
    ['`![[a#` repeated', '![[a#'],
    ['`![](` repeated', '![]('],
    ['`![a](x` repeated', '![a](x'],
    ['`![a](<` repeated', '![a](<'],
    ['`![a](x "` repeated', '![a](x "'],
    ['`![a](x  ` with spaces', '![a](x  '],
    ['`![` repeated', '!['],
    ['`[` repeated', '['],
    ['embeds that resolve', '![[x.png]] ![](x.png) '],
    ['`#` repeated (inline tags)', '#'],
    ['` #a` repeated', ' #a'],
    ['backticks', '`'],
    ['triple backticks', '```a'],
    // Decision 218: wikilinks to notes and the export's file addresses.
    ['`[[` repeated', '[['],
    ['`[[a|` repeated', '[[a|'],
    ['`[[a#` repeated', '[[a#'],
    ['`[[a#b|` repeated', '[[a#b|'],
    ['wikilinks and embeds that resolve', '[[a]] ![[a]] ![[x.png|300]] '],
  ];
  it.each(worst)('the plan of a note of %s', (_what, unit) => {
    expectLinear(vault, unit);
  });

  it('front matter that never closes, and `\\n---` followed by spaces', () => {
    expectLinear(splitFrontMatter, (bytes) => `---\n${repeated('\n---    x', bytes)}`);
    expectLinear(splitFrontMatter, (bytes) => `---\n${repeated('a: b\n', bytes)}`);
  });

  it('a Notion property block', () => {
    expectLinear(notionTags, (bytes) => `# T\n\n${repeated('Name: value\n', bytes)}`);
    expectLinear(notionTags, (bytes) => `# T\n\n${repeated('a:a:a:a:', bytes)}`);
  });

  it('inline tags', () => {
    expectLinear(inlineTags, '(#a-b/c ');
  });

  it('the file addresses of an export (decision 218)', () => {
    const exported = (text: string) =>
      planImport(
        ['manifest.json', 'content/a-1.md', 'files/7-x.png'],
        new Map([['content/a-1.md', `---\nfiles: [files/7-x.png]\n---\n${text}`]]),
        '{"format":"creator-workspace-export"}',
      );
    expectLinear(exported, '/api/collections/files/');
    expectLinear(exported, '/api/collections/files/7/download/');
    expectLinear(exported, '/api/collections/files/7777777777777777');
  });
});

describe('the embed scanners find exactly what the patterns they replace found', () => {
  // The patterns of before, kept here as the reference (quadratic on long lines).
  const WIKI = /!\[\[([^\]|#\n]+)(?:[|#][^\]\n]*)?\]\]/g;
  const LINK = /!\[[^\]\n]*\]\(\s*<?([^)>\s]+)>?(?:\s+"[^"]*")?\s*\)/g;
  const text = fc.string({
    unit: fc.constantFrom('!', '[', ']', '(', ')', '<', '>', '|', '#', '"', ' ', '\n', 'a', 'x'),
    maxLength: 60,
  });
  const viaPattern = (pattern: RegExp, value: string) =>
    [...value.matchAll(pattern)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      target: m[1],
    }));
  it('wiki embeds', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(wikiEmbeds(value)).toEqual(viaPattern(WIKI, value));
      }),
      { numRuns: 3000 },
    );
  });
  it('link embeds', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(linkEmbeds(value)).toEqual(viaPattern(LINK, value));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('mentions in a comment (docs/api.md, "Comments") are found in linear time', () => {
  it.each([
    ['`@[` repeated', '@['],
    ['`@[a` repeated', '@[a'],
    ['`@[a](user:` repeated', '@[a](user:'],
    ['`@[a](user:1` repeated', '@[a](user:1'],
    ['a long name that never closes', '@[' + 'a'.repeat(99)],
    ['mentions', '@[Ann](user:12) '],
  ])('%s', (_what, unit) => {
    expectLinear(splitMentions, unit);
  });
});

describe('the markdown rules run in linear time on 1 MB of their worst input', () => {
  const worst: [string, string][] = [
    ['`[` repeated', '['],
    ['`![` repeated', '!['],
    ['`[a](` repeated', '[a]('],
    ['`[a](x(` repeated', '[a](x('],
    ['`[a][` repeated', '[a]['],
    ['`[a]` repeated', '[a]'],
    ['`<http:` repeated', '<http:'],
    ['`<https://a` repeated', '<https://a'],
    ['list markers', '1. '],
    ['reference definitions', '[a]: '],
  ];
  it.each(worst)('word counts of %s', (_what, unit) => {
    expectLinear(countWords, unit);
  });
  it.each([
    ['`> ` repeated', '> '],
    ['`> - ` repeated', '> - '],
    ['lines of `-`', '- \n'],
  ])('the nesting check of %s', (_what, unit) => {
    expectLinear(nestedTooDeep, unit);
  });
  it.each([
    ['`*a_` repeated', '*a_'],
    ['`_a*` repeated', '_a*'],
    ['`a_*` repeated', 'a_*'],
  ])('the emphasis check of %s, and a public page of it is plain text at once', (_what, unit) => {
    expectLinear(emphasisTooCostly, unit);
    // The markdown parser looks back through every unpaired opener: 20,000 characters of `*a_`
    // took it 8 s.
    const started = performance.now();
    const html = renderItemText(repeated(unit, MB));
    expect(html.startsWith('<div class="plain">')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
  it.each([
    ['paired emphasis', 'word **bold** _it_ '],
    ['snake_case', 'foo_bar_baz '],
    ['`**kwargs`', 'f(**kwargs) '],
  ])('the emphasis check of %s: linear, and the text stays markdown', (_what, unit) => {
    expectLinear(emphasisTooCostly, unit);
    expect(emphasisTooCostly(repeated(unit, MB))).toBe(false);
  });
  it.each([
    ['`[` repeated', '['],
    ['`[a](` repeated', '[a]('],
    ['`# ` and ` #` (a heading’s closing run)', '# ' + ' #'.repeat(20) + 'x\n'],
    ['`> ` repeated', '> '],
    ['`*a_` repeated', '*a_'],
    ['`- - -` and spaces', '- - -   '],
  ])('the speaking time of a public item (decision 215) of %s', (_what, unit) => {
    expectLinear(spokenWords, unit);
  });
  it.each([
    ['`[[` repeated', '[['],
    ['`[[a` repeated', '[[a'],
    ['`[[a|` repeated', '[[a|'],
    ['`[[` then a long line', (bytes: number) => `[[${'a'.repeat(bytes - 2)}`],
    ['`[[a|` then a long line', (bytes: number) => `[[a|${'b'.repeat(bytes - 4)}`],
  ])('`[[…]]` links of %s', (_what, unit) => {
    expectLinear(linkTargetsOf, unit);
    expectLinear((text) => renderItemText(text.slice(0, 20_000)), unit);
  });
  it('an excerpt', () => {
    expectLinear((text) => excerpt(text), '*a_');
    expectLinear((text) => excerpt(text), '[a](b) ');
  });
});

describe('search query parsing and snippets run in linear time on 1 MB of their worst input', () => {
  it.each([
    ['quotes', '"'],
    ['minus signs', '-'],
    ['hashes', '#'],
    ['`-#"` repeated', '-#"'],
    ['words', 'video OR '],
  ])('a query of %s', (_what, unit) => {
    expectLinear(parseSearch, unit);
  });
  it('marks of a headline', () => {
    expectLinear(unmark, '\uE000a\uE001 ');
    expectLinear(unmark, '\uE000');
    expectLinear((text) => rangesIn(text, text), '\uE000a\uE001 ');
  });
  // Decision 218: the snippet's markdown left out, in one pass.
  it.each([
    ['`[` repeated (no closing bracket)', '['],
    ['`[[` repeated', '[['],
    ['`[a](` repeated (no closing parenthesis)', '[a]('],
    ['`](` repeated', ']('],
    ['`![a][` repeated', '![a]['],
    ['`*a_` repeated', '*a_'],
    ['quotes and callouts', '> [!'],
    ['lines of quotes and callouts', '> [!tip\n'],
    ['a rule of one line', '- '],
    ['a table of one line', '|-'],
    ['escapes', '\\'],
    ['marks in emphasis', '*\uE000a\uE001_'],
  ])('a snippet of %s', (_what, unit) => {
    expectLinear(plainMarkdown, unit);
  });
});

describe('mails run in linear time on 1 MB of their worst input', () => {
  it.each([
    ['markup', '<&">'],
    ['addresses', 'http://evil.example/'],
    ['dots', 'a.'],
    ['`www.` repeated', 'www.'],
    ['colons and slashes', ':/'],
  ])('an invitation naming %s', (_what, unit) => {
    expectLinear(
      (text) =>
        invitationMail({
          to: 'a@example.com',
          inviterName: text,
          collectionName: text,
          role: 'editor',
          link: 'http://localhost:3000/invitations/abc',
          validDays: 7,
        }),
      unit,
    );
    expectLinear(escapeHtml, unit);
  });
});

describe('images in the text run in linear time on 1 MB of their worst input', () => {
  it.each([
    ['a download address that never ends', '/api/collections/files/1'],
    ['digits after the address', '/api/collections/files/12345678901'],
  ])('%s (decision 213)', (_name, unit) => {
    expectLinear(attachedImageId, unit);
    const images = new Map([[1, { src: '/p/x/files/1', width: 2, height: 2 }]]);
    expectLinear((text) => renderItemText(`![a](${text})`, { images }), unit);
  });
});

/**
 * An import's plan grows with the archive, not with its square (decision 257): the plan of an
 * export once rebuilt a set of every archive entry for each item (19,394 items: three minutes
 * of compute). Judged by growth, as above: 8,000 items must plan in less than 10 times the best
 * of three at 2,000 (linear: 4, a little more with the collector; quadratic: 16), plus 250 ms
 * for a loaded machine. The large archive is planned up to three times and passes on its first
 * run under the bound, so a slow moment of the machine costs a rerun, not a failure; the old
 * plan took 8 s and more at 8,000 items on every run.
 */
type Archive = { paths: string[]; texts: Map<string, string>; manifest: string | undefined };

/** This product's export of `items` items, each with a file, in collections of 25. */
function exportArchive(items: number): Archive {
  const paths = ['manifest.json'];
  const texts = new Map<string, string>();
  const collections = Math.max(1, Math.round(items / 25));
  for (let c = 1; c <= collections; c++) {
    const entry = `collections/c${c}/collection.md`;
    paths.push(entry, `files/${c}-cover.png`);
    texts.set(
      entry,
      `---\nname: Collection ${c}\nfiles: [files/${c}-cover.png]\n---\nAbout ${c}\n`,
    );
  }
  for (let i = 1; i <= items; i++) {
    const file = `files/${collections + i}-image.png`;
    const entry = `content/item-${i}.md`;
    paths.push(file, entry);
    texts.set(
      entry,
      `---\ntitle: Item ${i}\ntags: [t${i % 50}]\ncollections: [c${(i % collections) + 1}]\nfiles: [${file}]\n---\nWords ![](${file}) of item ${i}.\n`,
    );
  }
  return { paths, texts, manifest: JSON.stringify({ format: EXPORT_FORMAT, tags: ['t1'] }) };
}

/** An Obsidian vault of `items` notes, each embedding an image, in folders of 25. */
function vaultArchive(items: number): Archive {
  const paths: string[] = [];
  const texts = new Map<string, string>();
  const folders = Math.max(1, Math.round(items / 25));
  for (let i = 1; i <= items; i++) {
    const folder = `Vault/folder ${i % folders}`;
    const entry = `${folder}/Item ${i}.md`;
    paths.push(`${folder}/image ${i}.png`, entry);
    texts.set(
      entry,
      `---\ntags: [t${i % 50}]\n---\nWords ![[image ${i}.png]] and [[Item ${i + 1}]].\n`,
    );
  }
  return { paths, texts, manifest: undefined };
}

const planOf = (archive: Archive) => planImport(archive.paths, archive.texts, archive.manifest);

function expectPlanLinear(make: (items: number) => Archive, kind: string) {
  const plan = planOf;
  const small = make(2000);
  const large = make(8000);
  expect(plan(small).contents).toHaveLength(2000);
  const base = bestOf(() => plan(small));
  const bound = 10 * base + 250;
  let taken = Infinity;
  for (let run = 0; run < 3 && taken >= bound; run++)
    taken = Math.min(
      taken,
      bestOf(() => plan(large), 1),
    );
  expect(
    taken,
    `${kind}: 8,000 items took ${taken.toFixed(0)} ms, 2,000 ${base.toFixed(0)} ms`,
  ).toBeLessThan(bound);
}

describe('an import plans in time linear in its items (decision 257)', () => {
  it('this product’s export', () => {
    const plan = planOf(exportArchive(10));
    expect(plan.format).toBe('export');
    expect(plan.contents[0]?.files).toHaveLength(1);
    expect(plan.collections[0]?.files).toHaveLength(1);
    expectPlanLinear(exportArchive, 'export');
  }, 120_000);

  it('an Obsidian vault', () => {
    expectPlanLinear(vaultArchive, 'vault');
  }, 120_000);
});
