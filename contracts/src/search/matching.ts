/**
 * Catalogue search, one pure implementation for both profiles (the projector stores each
 * product's tokens; query-api ranks with them on mingo and MongoDB alike): tokenised, case- and
 * accent-insensitive prefix matching, school abbreviations both ways ("maths" finds
 * "Mathematics", "evs" "Environmental Studies"), class numbers ("english 8", "class 8", "8th")
 * and one typo (Damerau–Levenshtein 1) in a word of four letters or more.
 */

/** School shorthand → the words it stands for (both sides of a search are expanded). */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  maths: ["mathematics"],
  math: ["mathematics"],
  eng: ["english"],
  sci: ["science"],
  evs: ["environmental", "studies"],
  sst: ["social", "studies"],
  gk: ["general", "knowledge"],
  hin: ["hindi"],
  comp: ["computer"],
  bio: ["biology"],
  phy: ["physics"],
  chem: ["chemistry"],
  geo: ["geography"],
  hist: ["history"],
  std: ["class"],
  standard: ["class"],
  grade: ["class"],
};

const ORDINAL = /^(\d+)(st|nd|rd|th)$/;

/** Lower-case words without accents; "8th" is 8, "class8" is "class" and "8". */
export const tokenize = (text: string): string[] =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((word) => {
      const ordinal = ORDINAL.exec(word);
      if (ordinal?.[1]) return [ordinal[1]];
      return word.match(/\p{L}+|\p{N}+/gu) ?? [];
    });

/** A product's (or school's) searchable words, shorthand expanded: what the projector stores. */
export const searchTokensOf = (fields: (string | number | undefined)[]): string[] => {
  const words = fields.flatMap((f) => (f === undefined ? [] : tokenize(String(f))));
  return [...new Set(words.flatMap((w) => [w, ...(SEARCH_SYNONYMS[w] ?? [])]))];
};

/** True when a and b are at most one insertion, deletion, substitution or swap of neighbours apart. */
export const withinOneEdit = (a: string, b: string): boolean => {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
};

const TYPO_MIN = 4;
const isNumber = (t: string) => /^\p{N}+$/u.test(t);

/** How well one query word matches one stored word: 3 exact, 2 prefix, 1 one typo, 0 not at all. */
export const wordScore = (query: string, word: string): number => {
  if (query === word) return 3;
  if (isNumber(query) || isNumber(word)) return 0;
  if (word.startsWith(query)) return 2;
  if (query.length < TYPO_MIN) return 0;
  if (withinOneEdit(query, word)) return 1;
  // A typo in what is still a prefix ("mathm" of "mathematics"), for words long enough to be sure.
  return query.length > TYPO_MIN && withinOneEdit(query, word.slice(0, query.length)) ? 1 : 0;
};

/** One word of the query: any of its readings may match (the word itself, or what it stands for). */
export type QueryTerm = string[][];

/** The query's words, each with its readings; "class" before a number is implied by the number. */
export const parseQuery = (query: string): QueryTerm[] => {
  const words = tokenize(query);
  return words
    .filter(
      (w, i) => !((w === "class" || SEARCH_SYNONYMS[w]?.[0] === "class") && isNumber(words[i + 1] ?? "")),
    )
    .map((w) => {
      const stands = SEARCH_SYNONYMS[w];
      return stands ? [[w], [...stands]] : [[w]];
    });
};

const best = (query: string, words: readonly string[]) =>
  words.reduce((top, w) => Math.max(top, wordScore(query, w)), 0);

const termScore = (term: QueryTerm, words: readonly string[]) =>
  Math.max(...term.map((reading) => Math.min(...reading.map((q) => best(q, words)))));

/**
 * A document's score for a parsed query: null unless every term matches one of its `tokens`;
 * higher is better; a term matched as well in the title (`titleTokens`) counts extra, and a
 * title opening with the first term a little more.
 */
export const searchScore = (
  terms: QueryTerm[],
  doc: { tokens: readonly string[]; titleTokens: readonly string[] },
): number | null => {
  if (terms.length === 0) return null;
  let score = 0;
  for (const term of terms) {
    const s = termScore(term, doc.tokens);
    if (s === 0) return null;
    score += s * 2 + (termScore(term, doc.titleTokens) >= s ? 1 : 0);
  }
  // A title that starts with the first word ("Science Reader" for "science") comes first.
  const [first] = terms;
  const opening = doc.titleTokens.slice(0, 1);
  return first && termScore(first, opening) > 0 ? score + 0.5 : score;
};

/**
 * The best `limit` documents, best first; ties by title, then id, so the answer is stable.
 * `titleTokens`, when given, must be `searchTokensOf([title])` (made once for a kept index).
 */
export const rankSearch = <
  D extends { id: string; title: string; tokens: readonly string[]; titleTokens?: readonly string[] },
>(
  docs: readonly D[],
  query: string,
  limit: number,
): D[] => {
  const terms = parseQuery(query);
  return docs
    .flatMap((d) => {
      // Most documents fail a term: tokenise the title only for those that match.
      if (searchScore(terms, { tokens: d.tokens, titleTokens: [] }) === null) return [];
      const score = searchScore(terms, {
        tokens: d.tokens,
        titleTokens: d.titleTokens ?? searchTokensOf([d.title]),
      });
      return score === null ? [] : [{ d, score }];
    })
    .sort(
      (a, b) => b.score - a.score || a.d.title.localeCompare(b.d.title, "en") || (a.d.id < b.d.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((x) => x.d);
};
