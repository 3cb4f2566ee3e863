/**
 * Undoes the usual obfuscations before any matching: leetspeak (`sh1t`, `@ss`), repeated
 * letters (`fuuuuck`), symbols or spaces inside a word (`f.u.c.k`, `f u c k`, `b*tch`), accents
 * and look-alike letters. Mentions, links and HTML entities are dropped first.
 */
import { foldForMatching } from '../../core/plugin/index.js';
import { joinSymbols, LEET_LETTERS, mayBeSpaced, tidy, unleet } from './letter-scan.js';

// Cyrillic and Greek letters that look like Latin ones.
const CONFUSABLE: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ο: 'o', α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', τ: 't', υ: 'u' };

/**
 * Folds a text to the form matching and the model work on: lower case, plain letters, words split
 * by single spaces. `folded`: gives the text folded by the detector contract's prepared view
 * (`preparedText(segment).folded`), asked for only when there is no markup to strip from the
 * text as written.
 */
export function normalizeText(text: string, folded?: () => string): string {
  return steps(text, folded, true)!;
}

/**
 * normalizeText's steps but the last: what `tidy` (letter-scan.ts) turns into the normalized
 * text, so a caller may have it written where it wants it (window-scorer.ts `loadTidied`).
 * Undefined for text with surrogates (astral characters), which normalizeText reads with
 * regular expressions instead.
 */
export function untidied(text: string, folded?: () => string): string | undefined {
  return steps(text, folded, false);
}

/** normalizeText's steps, the last (tidy) only when `tidying`; undefined for astral text not tidied. */
function steps(text: string, folded: (() => string) | undefined, tidying: boolean): string | undefined {
  // Each expression runs only when the character it needs is there: most prompts hold no entity,
  // link, mention or `RT`, and four passes over them would find nothing.
  let s = text;
  if (s.includes(';')) s = s.replace(/&#?\w+;/g, ' ');
  if (s.includes('://')) s = s.replace(/https?:\/\/\S+/g, ' ');
  // Mentions go; a short `@ss` is leetspeak, not a handle.
  if (s.includes('@')) s = s.replace(/(?<![\w@])@\w{4,}/g, ' ');
  if (s.includes('RT')) s = s.replace(/\bRT\b/g, ' ');
  // Plain ASCII needs no Unicode decomposition or look-alike mapping.
  const ascii = /^[\x00-\x7f]*$/.test(s);
  // Invisible characters go (`f\u200Buck` is `fuck`), accents and compatibility forms are
  // decomposed and their marks dropped, then lower case: the contract's folding, done once per
  // segment for every detector when nothing was stripped above.
  s = folded !== undefined && s === text ? folded() : foldForMatching(s);
  if (!ascii) s = s.replace(/[аеорсухіοαεικντυ]/g, (c) => CONFUSABLE[c] ?? c);
  // The scans of letter-scan.ts read one code unit as one character: astral text keeps the expressions.
  if (!ascii && /[\ud800-\udfff]/.test(s)) return tidying ? astralSteps(s) : undefined;
  s = joinSymbols(unleet(s));
  // Spaced-out letters are rare: the expression runs only when three single letters are in a row.
  if (mayBeSpaced(s)) s = unspace(s);
  return tidying ? tidy(s) : s;
}

// Spaced-out letters: `f u c k` -> `fuck` (on ASCII text `\p{L}` finds what `a-z` would).
const SPACED = /\b(?:\p{L} ){2,}\p{L}\b/gu;
const unspace = (s: string) => s.replace(SPACED, (w) => w.replace(/ /g, ''));

// The same steps as regular expressions, for text with surrogates (astral characters).
const LEET_TOKEN = /(?<![\p{L}0-9@$!|€£])\p{L}*[0-9@$!|€£][\p{L}0-9@$!|€£]*/gu;
const IN_WORD_SYMBOLS = /\p{L}(?:[.\-_~^'"`+]+\p{L})+/gu;
const REPEATED = /(\p{L})\1{2,}/gu;
const JUNK = /[^\p{L}0-9*\s]+/gu;

function astralSteps(input: string): string {
  let s = input;
  // Leetspeak inside words only: `sh1t`, `b!tch`, `@ss`, not `2014` or a lone `!`.
  // Exclamation marks closing a word are punctuation (`everywhere!!`), not an `i`.
  s = s.replace(LEET_TOKEN, (w) => {
    const word = w.replace(/!+$/, '');
    return /\p{L}/u.test(word) && /[0-9@$!|€£]/.test(word) ? word.replace(/[0-9@$!|€£]/g, (c) => LEET_LETTERS[c] ?? c) : w;
  });
  // Symbols inside a word: `f.u.c.k`, `b-i-t-c-h` -> letters joined (a `*` stays as a wildcard).
  s = s.replace(IN_WORD_SYMBOLS, (w) => {
    const letters = w.replace(/\P{L}/gu, '');
    return letters.length <= 12 ? letters : w;
  });
  s = unspace(s);
  // Three or more of the same letter -> two (`fuuuck` -> `fuuck`); matching also tries one.
  s = s.replace(REPEATED, '$1$1');
  return s.replace(JUNK, ' ').replace(/\s+/g, ' ').trim();
}

/** Collapses every doubled letter too (`fuuck` -> `fuck`), for lexicon look-ups. */
export function collapseDoubles(normalized: string): string {
  return normalized.replace(/(\p{L})\1+/gu, '$1');
}
