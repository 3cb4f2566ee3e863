/**
 * Terms (already folded, in priority order) compiled into one matcher. The combined regex is
 * always built, so a term that is no valid pattern fails at compile time as it always has; it
 * only runs when some term cannot be read as words (leading symbols, a bare `*`).
 */
import { captureAlternation } from './phrase-pattern.js';
import { compilePhraseMatcher } from './phrase-matcher.js';
import type { FoldedWords } from './folded-words.js';

/** Calls `visit` with the index of each matched term in text order, until it returns false. */
export type TermMatches = (text: FoldedWords, visit: (term: number) => boolean) => void;

export function compileTermMatcher(terms: ReadonlyArray<{ phrase: string; source: string }>): TermMatches {
  const regex = new RegExp(captureAlternation(terms.map((t) => t.source)), 'gu');
  const words = compilePhraseMatcher(terms.map((t) => t.phrase));
  if (words) return (text, visit) => words.scan(text, visit);
  return (text, visit) => {
    for (const m of text.text.matchAll(regex)) {
      const group = m.findIndex((g, i) => i > 0 && g !== undefined);
      if (group < 1) continue;
      if (!visit(group - 1)) return;
    }
  };
}
