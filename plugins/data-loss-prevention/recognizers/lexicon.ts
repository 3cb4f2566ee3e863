/**
 * Word lists for the name and place recognizers (built by
 * tools/training/data-loss-prevention/build-lists.ts, see lists/README.md), loaded once per
 * process on first use.
 */
import { readFileSync } from 'node:fs';
import { pluginDataFile } from '../../../core/plugin/index.js';
import type { Token } from './tokens.js';

/** One list's membership test. */
export interface WordList {
  has(word: string): boolean;
}

/** Folded (lower-case, accent-free) entries of each list. */
export interface Lexicon {
  /** Surnames (US Census 1990). */
  last: WordList;
  /** Lower-case English dictionary words (SCOWL). */
  words: WordList;
  /** Countries in sixteen languages, time-zone cities, US states. */
  places: WordList;
  /** Every entry with the lists it is on, as FIRST | LAST | WORD | PLACE bits: one look-up answers all four. */
  kinds: ReadonlyMap<string, number>;
}

export const FIRST = 1;
export const LAST = 2;
export const WORD = 4;
export const PLACE = 8;

let cached: Lexicon | undefined;

function load(kinds: Map<string, number>, name: string, kind: number): void {
  const text = readFileSync(pluginDataFile(import.meta.url, `../lists/${name}`), 'utf8');
  for (const entry of text.split('\n')) if (entry) kinds.set(entry, (kinds.get(entry) ?? 0) | kind);
}

function list(kinds: ReadonlyMap<string, number>, kind: number): WordList {
  return { has: (word) => ((kinds.get(word) ?? 0) & kind) !== 0 };
}

/** The shared lexicon. */
export function lexicon(): Lexicon {
  if (!cached) {
    const kinds = new Map<string, number>();
    load(kinds, 'first-names.txt', FIRST);
    load(kinds, 'surnames.txt', LAST);
    load(kinds, 'english-words.txt', WORD);
    load(kinds, 'places.txt', PLACE);
    cached = { last: list(kinds, LAST), words: list(kinds, WORD), places: list(kinds, PLACE), kinds };
  }
  return cached;
}

/** The lists a token's word is on (FIRST | LAST | WORD | PLACE), looked up once and kept on the token. */
export function kindsOf(t: Token): number {
  if (t.kinds < 0) t.kinds = lexicon().kinds.get(t.fold) ?? 0;
  return t.kinds;
}
