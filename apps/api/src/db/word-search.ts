import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * Finding names by the start of their words (decision 032): "riv tr" finds "River Trust", "Dan"
 * finds "Dana Donor", never a match in the middle of a word. A GIN index on `nameWords(...)` of
 * the column serves it; the query must use the very same expression for PostgreSQL to use it.
 */

/** The words of a name or title as they are indexed: the 'simple' configuration (lower case, no stemming). */
export const nameWords = (text: SQLWrapper): SQL => sql`to_tsvector('simple', ${text})`;

/**
 * The words of a search text, in lower case: runs of letters and digits; everything else only
 * separates words, so nothing a person types is read as a query operator.
 */
export const searchWords = (q: string): string[] => [
  ...new Set(
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu),
  ),
];

/**
 * The search text as a query where each word starts a word of the name, in any order ("riv tr"
 * -> `riv:* & tr:*`). Undefined when the text has no word: nothing to look for.
 */
export function wordPrefixQuery(q: string): string | undefined {
  const words = searchWords(q);
  return words.length === 0 ? undefined : words.map((word) => `${word}:*`).join(' & ');
}

/** Whether the name's words start with the query's words (`wordPrefixQuery`). */
export const matchesWords = (text: SQLWrapper, query: string): SQL =>
  sql`${nameWords(text)} @@ to_tsquery('simple', ${query})`;

/**
 * The most matches a search reads before ordering them. For a text that starts a word of more names
 * than this (two letters often do), the answer is the first names of these, not of all the
 * matches; the next letter narrows it down. It bounds the work of every keystroke (decision 032).
 */
export const WORD_SEARCH_CANDIDATES = 1000;
