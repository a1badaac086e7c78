/**
 * The search box's grammar (docs/api.md, "Search"; decision 110), turned into the text of a
 * PostgreSQL `to_tsquery('english', $1)`. Pure: no database, no SQL. The text goes to the
 * database as a bound parameter, never into the SQL string.
 *
 * - `word word`: all must match (AND);
 * - `"an exact phrase"`: the words next to each other (an unclosed quote runs to the end);
 * - `-word`, `-"a phrase"`: must not match;
 * - `a OR b`: either (upper-case OR; binds tighter than AND, as in a web search engine);
 * - `#tag`, `#"two words"`: rows carrying a tag of that name, ignoring case; `-#tag`: not;
 * - the last word, when bare, also matches as a prefix (`vid` finds `video`), so results follow
 *   typing.
 *
 * Every word or phrase becomes one single-quoted token (quotes doubled, backslashes escaped):
 * the database's parser then splits it as it splits the indexed text, stems it and drops stop
 * words. So no input can be a syntax error: at worst a token yields no word at all and drops out.
 */

/** At most this many words, phrases and tags are used; the rest of the query is ignored. */
export const SEARCH_TERMS_MAX = 32;

export interface ParsedSearch {
  /** The `to_tsquery` text, or null when the query has no word or phrase. */
  tsquery: string | null;
  /** Whether `tsquery` has a term that must match (not only exclusions). */
  hasPositiveText: boolean;
  /** Tag names every row must carry (as typed; compared ignoring case). */
  tags: string[];
  /** Tag names no row may carry. */
  excludedTags: string[];
  /**
   * The phrases every match must hold (a positive phrase, or a word the parser splits, such as
   * `well-known`, that is not an OR alternative or a prefix), as typed: their adjacent word
   * pairs narrow a phrase search before the phrase itself is tested (decision 273).
   */
  phrases: string[];
}

type Term =
  | { kind: 'or' }
  | { kind: 'word' | 'phrase' | 'tag'; text: string; negated: boolean; last: boolean };

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Splits the query into terms, left to right. */
function tokenize(q: string): Term[] {
  const terms: Term[] = [];
  let i = 0;
  const n = q.length;
  const readUntilSpace = () => {
    const start = i;
    while (i < n && !isSpace(q[i]) && q[i] !== '"') i += 1;
    return q.slice(start, i);
  };
  const readQuoted = () => {
    // q[i] is the opening quote.
    i += 1;
    const end = q.indexOf('"', i);
    const text = q.slice(i, end === -1 ? n : end);
    i = end === -1 ? n : end + 1;
    return text;
  };
  while (i < n) {
    if (isSpace(q[i])) {
      i += 1;
      continue;
    }
    let negated = false;
    if (q[i] === '-' && i + 1 < n && !isSpace(q[i + 1])) {
      negated = true;
      i += 1;
    }
    if (q[i] === '"') {
      terms.push({ kind: 'phrase', text: readQuoted(), negated, last: false });
    } else if (q[i] === '#' && i + 1 < n && !isSpace(q[i + 1])) {
      i += 1;
      const text = q[i] === '"' ? readQuoted() : readUntilSpace();
      terms.push({ kind: 'tag', text: text.trim(), negated, last: false });
    } else {
      const text = readUntilSpace();
      if (text === 'OR' && !negated) terms.push({ kind: 'or' });
      else terms.push({ kind: 'word', text, negated, last: i >= n });
    }
  }
  return terms.filter((t) => t.kind === 'or' || t.text.length > 0);
}

/** One single-quoted token of tsquery text: quotes doubled, backslashes escaped. */
export const quoteLexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Null when the query holds nothing to search for (only spaces, quotes, dashes, ORs…). */
export function parseSearch(q: string): ParsedSearch | null {
  const tokens = tokenize(q);
  const tags: string[] = [];
  const excludedTags: string[] = [];
  /** AND of clauses; a clause is an OR of alternatives. */
  const clauses: string[][] = [];
  /** Per clause, the text every match must hold as a phrase; null once it has alternatives. */
  const mustHold: (string | null)[] = [];
  let hasPositiveText = false;
  let used = 0;
  let orPending = false;
  /** Whether the previous clause may take an OR alternative (a positive word or phrase). */
  let previousJoinable = false;

  for (const token of tokens) {
    if (used >= SEARCH_TERMS_MAX) break;
    if (token.kind === 'or') {
      orPending = previousJoinable;
      continue;
    }
    used += 1;
    if (token.kind === 'tag') {
      (token.negated ? excludedTags : tags).push(token.text);
      orPending = false;
      previousJoinable = false;
      continue;
    }
    const prefix = token.kind === 'word' && token.last && !token.negated ? ':*' : '';
    const lexeme = `${quoteLexeme(token.text)}${prefix}`;
    if (token.negated) {
      clauses.push([`!${lexeme}`]);
      mustHold.push(null);
      orPending = false;
      previousJoinable = false;
      continue;
    }
    hasPositiveText = true;
    const previous = clauses[clauses.length - 1];
    if (orPending && previous) {
      previous.push(lexeme);
      mustHold[mustHold.length - 1] = null;
    } else {
      clauses.push([lexeme]);
      mustHold.push(prefix === '' && splitsIntoWords(token.text) ? token.text : null);
    }
    orPending = false;
    previousJoinable = true;
  }

  if (clauses.length === 0 && tags.length === 0 && excludedTags.length === 0) return null;
  const tsquery =
    clauses.length === 0
      ? null
      : clauses
          .map((alternatives) =>
            alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`,
          )
          .join(' & ');
  const phrases = mustHold.filter((text): text is string => text !== null);
  return { tsquery, hasPositiveText, tags, excludedTags, phrases };
}

/**
 * Whether the database's parser may split the text into more than one word (a space, a hyphen,
 * any mark): only such a text can have word pairs. The same test as the repository's for a
 * phrase in the query's text.
 */
export const splitsIntoWords = (text: string): boolean => /[^\p{L}\p{N}_]/u.test(text);
