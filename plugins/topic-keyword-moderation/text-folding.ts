/**
 * Case and diacritic folding, so that "Médical", "MEDICAL" and "medical" compare equal and
 * compatibility forms (fullwidth letters, ligatures) count as their plain letters.
 */
import { foldForMatching } from '../../core/plugin/index.js';

// Format characters an evader can slip inside a word ("pro\u200Bject") without changing how it looks.
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\x00-\x7F]/;

/** How text is folded before matching. */
export interface FoldOptions {
  caseSensitive: boolean;
  foldDiacritics: boolean;
}

/** Folds `text` for matching: invisible characters removed, NFKD without marks, lower case. */
export function foldText(text: string, options: FoldOptions): string {
  // The default folding is the detector contract's (core/guardrail/prepared-text.ts): one copy of it.
  if (!options.caseSensitive && options.foldDiacritics) return foldForMatching(text);
  // ASCII has no invisible characters, marks or compatibility forms: only case is left to fold.
  if (!NON_ASCII.test(text)) return options.caseSensitive ? text : text.toLowerCase();
  let folded = text.replace(INVISIBLE, '');
  folded = options.foldDiacritics ? folded.normalize('NFKD').replace(MARKS, '') : folded.normalize('NFKC');
  return options.caseSensitive ? folded : folded.toLowerCase();
}

/** Counts the words (runs of letters or digits) of a text. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
