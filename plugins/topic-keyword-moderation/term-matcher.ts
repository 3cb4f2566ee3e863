/**
 * Terms (already folded, in priority order) compiled into one matcher. The combined regex is
 * always built, so a term that is no valid pattern fails at compile time as it always has; it
 * only runs when some term cannot be read as words (leading symbols, a bare `*`).
 */
import { captureAlternation } from './phrase-pattern.js';
import { compilePhraseMatcher } from './phrase-matcher.js';
import type { FoldedWords } from './folded-words.js';

/** Finds terms in folded text. */
export interface TermMatcher {
  /** Calls `visit` with the index of each matched term in text order, until it returns false. */
  scan(text: FoldedWords, visit: (term: number) => boolean): void;
  /**
   * Set when words `from` to `to` of a text can be searched as a text of their own (see
   * PhraseMatcher.readsRanges); absent when a term needs the regex over a chunk's own string.
   */
  scanRange?: (text: FoldedWords, visit: (term: number) => boolean, from: number, to: number) => void;
}

export function compileTermMatcher(terms: ReadonlyArray<{ phrase: string; source: string }>): TermMatcher {
  const regex = new RegExp(captureAlternation(terms.map((t) => t.source)), 'gu');
  const words = compilePhraseMatcher(terms.map((t) => t.phrase));
  if (words) {
    return {
      scan: (text, visit) => words.scan(text, visit),
      scanRange: words.readsRanges ? (text, visit, from, to) => words.scan(text, visit, from, to) : undefined,
    };
  }
  return {
    scan(text, visit) {
      for (const m of text.text.matchAll(regex)) {
        const group = m.findIndex((g, i) => i > 0 && g !== undefined);
        if (group < 1) continue;
        if (!visit(group - 1)) return;
      }
    },
  };
}
